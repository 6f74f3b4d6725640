import { deepFreeze } from '../state/deep-freeze.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { restoreCursor } from './cursor-record.ts';
import { executeGraph } from './execute-graph.ts';
import { freshCursor } from './fresh-cursor.ts';
import type { RunScope, SubgraphOutcome, Task } from './run-scope.ts';

/**
 * Runs a compiled graph as one node of its parent: fresh state each time, or
 * continuing from the checkpoint it stopped at (kept inside the parent's).
 */
export async function runSubgraph(plan: ExecutionPlan, task: Task, scope: RunScope): Promise<SubgraphOutcome> {
  const record = task.sub;
  let cursor;
  if (record && record.hash === plan.hash && 'full' in record.state) {
    cursor = restoreCursor(plan, record, record.state.full, scope.addressPrefix);
  } else {
    cursor = await freshCursor(plan, task.input, deepFreeze(plan.stateInit?.()));
  }
  const outcome = await executeGraph({ plan, scope, cursor, writer: undefined, input: task.input, resumedFrom: record?.id });
  if (outcome.status === 'done') return { status: 'done', output: outcome.output };
  if (outcome.status === 'interrupted') return { status: 'interrupted', interrupts: outcome.interrupts, record: outcome.record! };
  return { status: 'error', error: outcome.error };
}
