/**
 * Version 2 of the support system: Billing is split in two. The coordinator
 * sends billing questions to Invoices (lookup_invoice), which hands a
 * duplicate charge to its own specialist, Refunds (refund, still approved by
 * a person). Refunds works within a limit the session gives (`refundLimit`,
 * in dollars): its instruction names it and its refund tool enforces it.
 * Tech and Account are as in version 1.
 */
import { chatModelAgent, memoryTools, tool, withSubAgents, type Agent, type ChatModel, type Tool } from '@weft/agents';
import { accountDesk, lookupInvoice, techTeam, type SupportOptions } from '../support-agents.ts';

/** The agents of version 2. */
export type SupportV2AgentName = 'Coordinator' | 'Invoices' | 'Refunds' | 'Tech' | 'Database' | 'Network' | 'Account';

/** The model an agent of the version 2 tree runs on, by agent name. */
export type ModelForV2 = (agentName: SupportV2AgentName) => ChatModel;

/**
 * Refunds an invoice, within the session's `refundLimit`: a larger amount is
 * refused (a manager refunds it), and a thread without a limit cannot
 * refund at all, so a thread version 1 started needs the migration's value.
 */
export const refundWithinLimit = tool<{ invoice_id: string; amount: number; reason: string }>({
  name: 'refund',
  description: 'Refunds an amount of an invoice to the customer, up to the refund limit. A person must approve every refund.',
  parameters: {
    type: 'object',
    properties: { invoice_id: { type: 'string' }, amount: { type: 'number', exclusiveMinimum: 0 }, reason: { type: 'string' } },
    required: ['invoice_id', 'amount', 'reason'],
  },
  needsApproval: true,
  execute: ({ invoice_id, amount }, ctx) => {
    const limit = refundLimitOf(ctx.getSessionValue<unknown>('refundLimit'));
    if (amount > limit)
      return `not refunded: $${amount.toFixed(2)} is over the refund limit of $${limit.toFixed(2)}; a manager must refund it`;
    ctx.setSessionValue('refunded', { invoice_id, amount });
    return `refunded $${amount.toFixed(2)} on ${invoice_id}`;
  },
});

/** The limit in dollars: a number, or a number written as text (`weft run --session refundLimit=100` gives text). */
function refundLimitOf(value: unknown): number {
  const limit = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(limit))
    throw new Error(`the session's refundLimit must be a number of dollars (it is ${JSON.stringify(value) ?? 'not set'})`);
  return limit;
}

const customerNamespace = (session: Readonly<Record<string, unknown>>) => ['customers', String(session['customer'] ?? 'anonymous')];

/** The version 2 tree; the coordinator is its root. */
export function supportAgentV2(modelFor: ModelForV2, options: SupportOptions = {}): Agent {
  const { memory } = options;
  const agent = (name: SupportV2AgentName, description: string, instruction: string, tools: Tool[] = []) =>
    chatModelAgent({
      name,
      description,
      instruction,
      model: modelFor(name),
      tools,
      ...(memory && name === 'Coordinator' ? { memory: { bank: memory.bank, namespace: customerNamespace } } : {}),
    });
  const invoiceTools: Tool[] = [lookupInvoice];
  if (memory) invoiceTools.push(...memoryTools({ bank: memory.bank, namespace: customerNamespace }));
  const invoices = withSubAgents(
    agent('Invoices', 'Invoices and charges.', 'You handle invoices. Check the invoice; send a duplicate charge to Refunds.', invoiceTools),
    [
      agent(
        'Refunds',
        'Refunds of duplicate charges.',
        'You refund duplicate charges of up to {refundLimit} dollars per invoice; a person approves every refund, and a manager refunds more.',
        [refundWithinLimit],
      ),
    ],
  );
  return withSubAgents(
    agent(
      'Coordinator',
      'Front desk of customer support.',
      'You are the support coordinator for {company}. Send each part of the request to the right specialist, then summarise what was done.',
    ),
    [invoices, techTeam(agent), accountDesk(agent)],
  );
}
