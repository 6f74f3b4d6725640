/**
 * A small agent system for the eval tests: a Desk that transfers billing
 * questions to Billing (lookup_invoice, refund with approval) and answers
 * greetings itself; Billing's scripted model decides from the conversation,
 * so the same rules answer every case (and a resumed run continues alike).
 */
import { chatModelAgent, tool, withSubAgents, type Agent, type ChatModel, type Message } from '@weft/agents';
import { scriptedModel, type ScriptAnswer } from '@weft/models';

const lookupInvoice = tool<{ invoice_id: string }>({
  name: 'lookup_invoice',
  description: 'Looks up an invoice.',
  parameters: { type: 'object', properties: { invoice_id: { type: 'string' } }, required: ['invoice_id'] },
  execute: ({ invoice_id }) => ({ invoice_id, amount: 49, charges: invoice_id === 'INV-1' ? 2 : 1 }),
});

/** Counts refunds that really ran, so tests can count side effects. */
export const refunds: { invoice_id: string; amount: number }[] = [];

const refund = tool<{ invoice_id: string; amount: number }>({
  name: 'refund',
  description: 'Refunds an invoice; a person approves it.',
  parameters: {
    type: 'object',
    properties: { invoice_id: { type: 'string' }, amount: { type: 'number' } },
    required: ['invoice_id', 'amount'],
  },
  needsApproval: true,
  execute: ({ invoice_id, amount }) => {
    refunds.push({ invoice_id, amount });
    return `refunded $${amount} on ${invoice_id}`;
  },
});

const lastUser = (m: readonly Message[]) => [...m].reverse().find((x) => x.role === 'user' && !String(x.content).startsWith('For context'));
const text = (m: Message | undefined) => (typeof m?.content === 'string' ? m.content : '');
const calledSince = (m: readonly Message[], name: string) => {
  const from = m.lastIndexOf(lastUser(m) as Message);
  return m.slice(from).some((x) => x.role === 'assistant' && (x.toolCalls ?? []).some((c) => c.name === name));
};
const toolResult = (m: readonly Message[], name: string) => [...m].reverse().find((x) => x.role === 'tool' && x.name === name);
const invoiceIn = (m: readonly Message[]) => /INV-\d+/.exec(text(lastUser(m)))?.[0];

const rules = {
  Desk: (m: readonly Message[]): ScriptAnswer =>
    invoiceIn(m) && !calledSince(m, 'transfer_to_agent')
      ? {
          toolCalls: [
            { id: `desk_${m.length}`, name: 'transfer_to_agent', arguments: { agent_name: 'Billing', reason: 'an invoice question' } },
          ],
        }
      : { text: calledSince(m, 'transfer_to_agent') ? 'Billing has handled it.' : `Hello! You said: ${text(lastUser(m))}` },
  Billing: (m: readonly Message[]): ScriptAnswer => {
    const invoice = invoiceIn(m) ?? 'INV-0';
    if (!calledSince(m, 'lookup_invoice'))
      return { toolCalls: [{ id: `billing_${m.length}`, name: 'lookup_invoice', arguments: { invoice_id: invoice } }] };
    if (/refund/i.test(text(lastUser(m))) && !calledSince(m, 'refund'))
      return { toolCalls: [{ id: `billing_${m.length}`, name: 'refund', arguments: { invoice_id: invoice, amount: 49 } }] };
    const refunded = text(toolResult(m, 'refund'));
    return { text: refunded.startsWith('refunded') ? `Done: ${refunded}.` : `Invoice ${invoice} looks fine; no refund made.` };
  },
} as const;

/** The live models: scripted by the rules above, one per agent. */
export function deskModels(): Record<'Desk' | 'Billing', ChatModel> {
  return {
    Desk: scriptedModel([(m) => rules.Desk(m)], { name: 'scripted:Desk', repeatLast: true }),
    Billing: scriptedModel([(m) => rules.Billing(m)], { name: 'scripted:Billing', repeatLast: true }),
  };
}

/** The agent tree, with whatever model each agent should use. */
export function billingDesk(modelFor: (name: 'Desk' | 'Billing') => ChatModel): Agent {
  return withSubAgents(
    chatModelAgent({
      name: 'Desk',
      description: 'Front desk.',
      instruction: 'Greet, or send invoice questions to Billing.',
      model: modelFor('Desk'),
    }),
    [
      chatModelAgent({
        name: 'Billing',
        description: 'Invoices and refunds.',
        instruction: 'Check the invoice, refund when asked.',
        model: modelFor('Billing'),
        tools: [lookupInvoice, refund],
      }),
    ],
    { disallowTransferToParent: true },
  );
}
