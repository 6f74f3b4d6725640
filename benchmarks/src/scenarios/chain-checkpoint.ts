import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/**
 * The chain again, with each framework's in-memory persistence on and a fresh
 * thread/session per run. Also reports bytes stored per step.
 */
export const chainCheckpoint: Scenario = {
  id: 'chain-checkpoint',
  title: 'same chain with the in-memory checkpointer / session store',
  size: { full: 1000, quick: 50 },
  steps: (n) => n,
  factories: factoriesFor('chain-checkpoint'),
};
