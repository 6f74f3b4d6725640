import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/** A sequential workflow of N agents, each one fake-model call answering with text. Steps: N model calls. */
export const sequentialAgents: Scenario = {
  id: 'sequential-agents',
  title: 'sequential workflow of N agents, one model call each',
  size: { full: 10, quick: 3 },
  steps: (n) => n,
  factories: factoriesFor('sequential-agents'),
};
