import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { Cursor } from './cursor.ts';
import { routeOutputs } from './route-outputs.ts';

/** A cursor at step 0: the input delivered along START's edges and branches. */
export async function freshCursor(plan: ExecutionPlan, input: unknown, state: unknown): Promise<Cursor> {
  const cursor: Cursor = {
    step: 0,
    state,
    frontier: [],
    joins: new Map(),
    skips: new Map(),
    pending: new Map(),
    parked: [],
    ended: false,
    output: undefined,
  };
  await routeOutputs(cursor, [{ node: plan.start, output: input }]);
  return cursor;
}
