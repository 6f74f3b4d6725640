/**
 * The migration that carries version 1 threads of the support system to
 * version 2, where Billing is split into Invoices and Refunds and Refunds
 * reads a refund limit from the session. A thread waiting for a person to
 * approve Billing's refund continues at Refunds' tools node, at the same
 * call, and the answer given to the old interrupt id approves it there.
 *
 * The nodes and interrupts maps say where version 1's places are in
 * version 2 for the refund waiting for approval (the one interrupt version
 * 1 has); the frontier function sends any other Billing task to where it
 * belongs (a lookup to Invoices, a transfer to Billing to Invoices); the
 * state recipe (splitBillingHistory) moves the history, the run path and the
 * activation records to the new agents and gives the session its limit.
 */
import { migration, type MigratedTask } from '@weft/graph';
import type { AgentRunState } from '@weft/agents';
import { splitBillingHistory, transferredTo } from './split-billing-history.ts';

export const SUPPORT_V1 = 'support-v1';
export const SUPPORT_V2 = 'support-v2';

export const supportMigration = migration<AgentRunState>({
  name: 'split Billing into Invoices and Refunds',
  from: SUPPORT_V1,
  to: SUPPORT_V2,
  nodes: { Billing: 'Invoices', 'Billing:tools': 'Refunds:tools' },
  interrupts: {
    'agent:Coordinator/agent:Billing/tool:refund': 'agent:Coordinator/agent:Invoices/agent:Refunds/tool:refund',
    'agent:Coordinator/agent:Billing': 'agent:Coordinator/agent:Invoices',
  },
  state: (draft) => splitBillingHistory(draft as AgentRunState),
  frontier: (tasks) => tasks.map(placeTask),
});

/**
 * One task of a version 1 thread's next step, after the renames: a tool call
 * other than refund runs in Invoices' tools node; the model step after a
 * refund result is Refunds' (it reads the result), any other Billing model
 * step Invoices'; a coordinator's transfer to Billing goes to Invoices.
 */
function placeTask(task: MigratedTask): MigratedTask {
  const input = task.input as Record<string, unknown> | null;
  if (input === null || typeof input !== 'object') return task;
  if (task.node === 'Refunds:tools' && input['name'] !== 'refund') return { ...task, node: 'Invoices:tools' };
  if (task.node === 'Invoices' && input['continueAgent'] === 'Billing') {
    const agent = input['name'] === 'refund' ? 'Refunds' : 'Invoices';
    return { ...task, node: agent, input: { ...input, continueAgent: agent } };
  }
  if (input['name'] === 'transfer_to_agent' && typeof input['arguments'] === 'string')
    return { ...task, input: { ...input, arguments: transferredTo(input['arguments']) } };
  return task;
}
