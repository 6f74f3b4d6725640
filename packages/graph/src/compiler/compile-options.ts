import type { CheckpointStore } from '../checkpoint/checkpoint-store.ts';

export interface CompileOptions {
  /** Where checkpoints go; without a store the graph runs without checkpoints and cannot resume. */
  store?: CheckpointStore;
  /** Upper bound on steps per run (default: number of nodes + 10). */
  maxSteps?: number;
  /** How many nodes of one step run at once (default: unbounded). */
  maxConcurrency?: number;
  /** A full state snapshot at least every K checkpoints; immer patches in between (default 100). */
  snapshotEvery?: number;
}
