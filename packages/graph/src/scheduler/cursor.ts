import type { PlanNode } from '../compiler/execution-plan.ts';
import type { Task } from './run-scope.ts';

export interface JoinBuffer {
  delivered: Map<string, unknown>;
  skipped: Set<string>;
}

/** A finished node of a step that has not reached its barrier (restored from a checkpoint). */
export interface PendingResult {
  node: string;
  key: string | undefined;
  output: unknown;
  patches: import('immer').Patch[];
}

/** Where a run stands between steps: everything a checkpoint saves. */
export interface Cursor {
  /** Number of the last completed step (0 before the first). */
  step: number;
  state: unknown;
  /** The next step's tasks, in node order. */
  frontier: Task[];
  joins: Map<PlanNode, JoinBuffer>;
  skips: Map<PlanNode, Set<string>>;
  /** Finished results of the frontier's step, by task id (see taskId). */
  pending: Map<string, PendingResult>;
  /** Tasks whose branch stopped at a failure (`onError: 'stop-branch'`), in the order they failed; resuming runs them again. */
  parked: Task[];
  ended: boolean;
  output: unknown;
}
