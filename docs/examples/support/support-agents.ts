/**
 * A customer-support system: a coordinator with billing, tech and account
 * specialists; tech has its own database and network specialists. Refunds need
 * a person's approval. `supportAgent(modelFor)` builds the tree with whatever
 * model each agent should use.
 */
import { chatModelAgent, memoryTools, tool, withSubAgents, type Agent, type ChatModel, type ChatModelAgent, type Tool } from '@weft/agents';
import type { MemoryBank } from '@weft/memory';

/** The model an agent of the tree runs on, by agent name. */
export type ModelFor = (agentName: SupportAgentName) => ChatModel;
export type SupportAgentName = 'Coordinator' | 'Billing' | 'Tech' | 'Database' | 'Network' | 'Account';

const invoices: Record<string, { amount: number; charges: number; month: string }> = {
  'INV-1042': { amount: 49, charges: 2, month: 'March' },
  'INV-1043': { amount: 49, charges: 1, month: 'April' },
};

export const lookupInvoice = tool<{ invoice_id: string }>({
  name: 'lookup_invoice',
  description: 'Looks up an invoice: amount, month and how many times it was charged.',
  parameters: { type: 'object', properties: { invoice_id: { type: 'string', pattern: '^INV-\\d+$' } }, required: ['invoice_id'] },
  execute: ({ invoice_id }) => {
    const invoice = invoices[invoice_id];
    return invoice ? { invoice_id, ...invoice } : `no invoice ${invoice_id}`;
  },
});

export const refund = tool<{ invoice_id: string; amount: number; reason: string }>({
  name: 'refund',
  description: 'Refunds an amount of an invoice to the customer. A person must approve every refund.',
  parameters: {
    type: 'object',
    properties: { invoice_id: { type: 'string' }, amount: { type: 'number', exclusiveMinimum: 0 }, reason: { type: 'string' } },
    required: ['invoice_id', 'amount', 'reason'],
  },
  needsApproval: true,
  execute: ({ invoice_id, amount }, ctx) => {
    ctx.setSessionValue('refunded', { invoice_id, amount });
    return `refunded $${amount.toFixed(2)} on ${invoice_id}`;
  },
});

export const slowQueries = tool<{ since_hours: number }>({
  name: 'slow_queries',
  description: 'Lists the slowest database queries of the last hours.',
  parameters: { type: 'object', properties: { since_hours: { type: 'integer', minimum: 1, maximum: 72 } }, required: ['since_hours'] },
  execute: () => [
    {
      query: 'SELECT * FROM events WHERE account_id = $1',
      p95Ms: 8200,
      note: 'sequential scan: index events_account_id_idx missing since the migration',
    },
  ],
});

export const ping = tool<{ host: string }>({
  name: 'ping',
  description: 'Measures the round trip to a host.',
  parameters: { type: 'object', properties: { host: { type: 'string' } }, required: ['host'] },
  execute: ({ host }) => `${host}: 4 packets, 0% loss, 21 ms average`,
});

export const resetPassword = tool<{ email: string }>({
  name: 'reset_password',
  description: 'Sends a password-reset link to the account email.',
  parameters: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
  execute: ({ email }) => `reset link sent to ${email}`,
});

/**
 * With `memory`, what the team learns about a customer outlives the thread:
 * Billing can remember and recall facts under `['customers', <customer>]`
 * (the `customer` session value), and the coordinator recalls them before
 * each of its model calls.
 */
export interface SupportOptions {
  memory?: { bank: MemoryBank };
}

const customerNamespace = (session: Readonly<Record<string, unknown>>) => ['customers', String(session['customer'] ?? 'anonymous')];

/** The agent tree; the coordinator is its root. */
export function supportAgent(modelFor: ModelFor, options: SupportOptions = {}): Agent {
  const { memory } = options;
  const agent = (name: SupportAgentName, description: string, instruction: string, tools: Tool[] = []) =>
    chatModelAgent({
      name,
      description,
      instruction,
      model: modelFor(name),
      tools,
      ...(memory && name === 'Coordinator' ? { memory: { bank: memory.bank, namespace: customerNamespace } } : {}),
    });
  const billingTools: Tool[] = [lookupInvoice, refund];
  if (memory) billingTools.push(...memoryTools({ bank: memory.bank, namespace: customerNamespace }));
  const tech = techTeam(agent);
  return withSubAgents(
    agent(
      'Coordinator',
      'Front desk of customer support.',
      'You are the support coordinator for {company}. Send each part of the request to the right specialist, then summarise what was done.',
    ),
    [
      agent(
        'Billing',
        'Invoices, charges and refunds.',
        'You handle billing. Check invoices before refunding; refunds need approval.',
        billingTools,
      ),
      tech,
      accountDesk(agent),
    ],
  );
}

/** Makes one agent of the tree: its model, its tools, memory for the coordinator. */
export type MakeAgent<N extends string> = (name: N, description: string, instruction: string, tools?: Tool[]) => ChatModelAgent;

/** Tech with its Database and Network specialists (the same in every version of the system). */
export function techTeam(agent: MakeAgent<'Tech' | 'Database' | 'Network'>): ChatModelAgent {
  return withSubAgents(
    agent('Tech', 'Technical problems: outages, errors, slowness.', 'You are the technical lead. Find which specialist fits the problem.'),
    [
      agent(
        'Database',
        'Database performance and data problems.',
        'You diagnose database problems with slow_queries and explain the fix.',
        [slowQueries],
      ),
      agent('Network', 'Connectivity, DNS and latency problems.', 'You diagnose network problems with ping.', [ping]),
    ],
  );
}

/** Account: password resets. */
export function accountDesk(agent: MakeAgent<'Account'>): ChatModelAgent {
  return agent('Account', 'Logins, passwords and account settings.', 'You handle account access.', [resetPassword]);
}
