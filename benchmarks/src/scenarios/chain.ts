import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/** N trivial nodes in a line (each returns input + 1), run to completion, no persistence. */
export const chain: Scenario = {
  id: 'chain',
  title: 'linear chain of trivial nodes (x => x + 1)',
  size: { full: 1000, quick: 50 },
  steps: (n) => n,
  factories: factoriesFor('chain'),
};
