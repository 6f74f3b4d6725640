/** An eval whose cases share an id: defineEval refuses it (INVALID_CASE) while the module loads. */
import { defineEval } from '@weft/eval';
import { agent } from './echo-evals.ts';

export const twiceEval = defineEval({
  name: 'twice',
  target: agent,
  cases: [
    { id: 'same', input: 'a' },
    { id: 'same', input: 'b' },
  ],
  scorers: { any: () => null },
});
