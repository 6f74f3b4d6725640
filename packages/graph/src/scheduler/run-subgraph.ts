import { deepFreeze } from '../state/deep-freeze.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { checkInput } from './check-input.ts';
import { restoreCursor } from './cursor-record.ts';
import { executeGraph } from './execute-graph.ts';
import { freshCursor } from './fresh-cursor.ts';
import type { RunScope, SubgraphOutcome, Task } from './run-scope.ts';

/**
 * Runs a compiled graph as one node of its parent: fresh state each time, or
 * continuing from the checkpoint it stopped at (kept inside the parent's).
 * A fresh start checks the input with the subgraph's input schema, as its
 * own `run()` would: a refused input fails the node (INPUT_INVALID).
 */
export async function runSubgraph(plan: ExecutionPlan, task: Task, scope: RunScope): Promise<SubgraphOutcome> {
  const record = task.sub;
  let cursor;
  let input = task.input;
  if (record && record.hash === plan.hash && 'full' in record.state) {
    cursor = restoreCursor(plan, record, record.state.full, scope.addressPrefix);
  } else {
    if (plan.inputSchema) {
      try {
        input = await checkInput(plan, plan.inputSchema, input);
      } catch (error) {
        return { status: 'error', error };
      }
    }
    cursor = await freshCursor(plan, input, deepFreeze(plan.stateInit?.()));
  }
  const outcome = await executeGraph({ plan, scope, cursor, writer: undefined, input, resumedFrom: record?.id });
  if (outcome.status === 'done') return { status: 'done', output: outcome.output };
  if (outcome.status === 'interrupted')
    return { status: 'interrupted', interrupts: outcome.interrupts, record: outcome.record!, refused: outcome.refused };
  return { status: 'error', error: outcome.error };
}
