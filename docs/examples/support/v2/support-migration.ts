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
 * It is registered twice: from the label `support-v1`, and from version
 * 1's structure hash for the threads version 1 wrote without a label.
 */
import { migration, type MigratedTask, type Migration, type MigrationSpec } from '@weft/graph';
import { Runner, type AgentRunState } from '@weft/agents';
import { supportAgent } from '../support-agents.ts';
import { scriptedSupportModels } from '../support-models.ts';
import { splitBillingHistory, transferredTo } from './split-billing-history.ts';

export const SUPPORT_V1 = 'support-v1';
export const SUPPORT_V2 = 'support-v2';

const NAME = 'split Billing into Invoices and Refunds';

/** What the migration does, whichever way a thread names version 1. */
const split: Omit<MigrationSpec<AgentRunState>, 'from'> = {
  name: NAME,
  to: SUPPORT_V2,
  nodes: { Billing: 'Invoices', 'Billing:tools': 'Refunds:tools' },
  interrupts: {
    'agent:Coordinator/agent:Billing/tool:refund': 'agent:Coordinator/agent:Invoices/agent:Refunds/tool:refund',
    'agent:Coordinator/agent:Billing': 'agent:Coordinator/agent:Invoices',
  },
  state: (draft) => splitBillingHistory(draft as AgentRunState),
  frontier: (tasks) => tasks.map(placeTask),
};

/** The migration of threads labelled version 1 (`versions: { version: 'support-v1' }`). */
export const supportMigration = migration<AgentRunState>({ ...split, from: SUPPORT_V1 });

/**
 * Version 1's structure hash, from its code (the model makes no difference
 * to the structure): threads it wrote without a label (support.ts runs it
 * unlabelled, as `weft run`, the demo and the Studio do) are known by it.
 */
export const SUPPORT_V1_HASH = new Runner({ agent: supportAgent(scriptedSupportModels()) }).graph.hash;

/** The same migration for version 1's unlabelled threads, known by their structure. */
export const supportMigrationUnlabelled = migration<AgentRunState>({
  ...split,
  name: `${NAME} (version 1 without its label)`,
  from: SUPPORT_V1_HASH,
});

/** Every migration version 2 registers: version 1's threads, labelled or not. */
export const supportMigrations: readonly Migration[] = [supportMigration, supportMigrationUnlabelled];

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
