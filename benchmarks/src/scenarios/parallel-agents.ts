import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/** A parallel workflow of N agents, each one fake-model call, then done. Steps: N model calls. */
export const parallelAgents: Scenario = {
  id: 'parallel-agents',
  title: 'parallel workflow of N agents, one model call each',
  size: { full: 50, quick: 5 },
  steps: (n) => n,
  factories: factoriesFor('parallel-agents'),
};
