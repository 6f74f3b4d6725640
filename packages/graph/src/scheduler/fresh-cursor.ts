import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { Cursor } from './cursor.ts';
import { routeOutputs } from './route-outputs.ts';
import type { Task } from './run-scope.ts';

/** A cursor at step 0: the input delivered along START's edges and branches. */
export async function freshCursor(plan: ExecutionPlan, input: unknown, state: unknown): Promise<Cursor> {
  const cursor = emptyCursor(0, state, []);
  await routeOutputs(cursor, [{ node: plan.start, output: input }]);
  return cursor;
}

/** A cursor after `step` with these tasks next and nothing else in flight. */
export function emptyCursor(step: number, state: unknown, frontier: Task[]): Cursor {
  return {
    step,
    state,
    frontier,
    joins: new Map(),
    skips: new Map(),
    pending: new Map(),
    parked: [],
    ended: false,
    output: undefined,
  };
}
