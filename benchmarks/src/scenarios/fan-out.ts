import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/** start -> W parallel branches -> one join that sums them. Steps: start + W + join. */
export const fanOut: Scenario = {
  id: 'fan-out',
  title: 'fan-out to W parallel nodes, then one join',
  size: { full: 100, quick: 10 },
  steps: (width) => width + 2,
  factories: factoriesFor('fan-out'),
};
