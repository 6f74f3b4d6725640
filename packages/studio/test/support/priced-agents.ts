/**
 * A two-agent tree whose scripted models report token usage (and, for
 * Triage, the model that answered), for the timeline's tests: Triage calls
 * two tools at once (`check_stock` fails), transfers to Billing, whose
 * `refund` needs approval; after the approval Billing transfers back and
 * Triage answers. Every answer is decided from the conversation, so a
 * resumed run continues as one that never stopped.
 */
import {
  chatModelAgent,
  textOf,
  tool,
  withSubAgents,
  type Agent,
  type ChatModel,
  type Message,
  type ToolCall,
  type Usage,
} from '@weft/agents';

/** The price table the tests give the studio (US dollars per million tokens). */
export const PRICES = {
  'triage-2026-01': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'billing-model': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
};

/** Each model call in order: agent, token counts, finish reason, tool calls, the model that answered (when it says). */
export const CALLS = {
  triageTools: { usage: { inputTokens: 1200, outputTokens: 80 }, toolCalls: ['lookup_order', 'check_stock'] },
  triageTransfer: { usage: { inputTokens: 1500, outputTokens: 40 }, toolCalls: ['transfer_to_agent'] },
  billingRefund: { usage: { inputTokens: 800, outputTokens: 30 }, toolCalls: ['refund'] },
  billingBack: { usage: { inputTokens: 900, outputTokens: 25 }, toolCalls: ['transfer_to_agent'] },
  triageAnswer: { usage: { inputTokens: 2000, outputTokens: 20 }, toolCalls: [] as string[] },
};

export const FINAL_ANSWER = 'Order A1 is refunded: $5.00.';

const called = (messages: readonly Message[], name: string, argument = ''): boolean =>
  messages.some((m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => c.name === name && c.arguments.includes(argument)));

const answer = (content: string, toolCalls: ToolCall[], usage: Usage, model?: string): Message => ({
  role: 'assistant',
  content,
  ...(toolCalls.length ? { toolCalls } : {}),
  usage,
  finishReason: toolCalls.length ? 'tool-calls' : 'stop',
  ...(model ? { response: { id: `resp-${usage.inputTokens}`, model } } : {}),
});

const transfer = (id: string, to: string): ToolCall => ({ id, name: 'transfer_to_agent', arguments: JSON.stringify({ agent_name: to }) });

function triage(messages: readonly Message[]): Message {
  const model = 'triage-2026-01';
  if (!called(messages, 'lookup_order'))
    return answer(
      'Looking it up.',
      [
        { id: 't1', name: 'lookup_order', arguments: '{"order":"A1"}' },
        { id: 't2', name: 'check_stock', arguments: '{"sku":"X-9"}' },
      ],
      CALLS.triageTools.usage,
      model,
    );
  if (!called(messages, 'transfer_to_agent', 'Billing')) return answer('', [transfer('t3', 'Billing')], CALLS.triageTransfer.usage, model);
  return answer(FINAL_ANSWER, [], CALLS.triageAnswer.usage, model);
}

function billing(messages: readonly Message[]): Message {
  if (!called(messages, 'refund')) return answer('', [{ id: 'b1', name: 'refund', arguments: '{"amount":5}' }], CALLS.billingRefund.usage);
  return answer('Refunded.', [transfer('b2', 'Triage')], CALLS.billingBack.usage);
}

/**
 * A model that answers with `decide`'s message once `ready()` settles: a
 * written ChatModel, as a scripted model's answers cannot say which model
 * answered.
 */
function model(name: string, decide: (messages: readonly Message[]) => Message, ready: () => Promise<void>): ChatModel {
  const later = () => ready();
  return {
    name,
    generate: async (messages) => (await later(), decide(messages)),
    stream: async function* (messages) {
      await later();
      const { content, toolCalls, usage, finishReason, response } = decide(messages);
      yield { content: textOf(content), toolCalls: toolCalls?.map((c, index) => ({ index, ...c })), usage, finishReason, response };
    },
  };
}

/**
 * The tree: Triage (model `scripted:triage`, answering as `triage-2026-01`)
 * over Billing (model `billing-model`). Each model call answers once
 * `ready()` settles (a test holds a call open to see its bar grow).
 */
export function pricedAgents(ready: () => Promise<void> = () => Promise.resolve()): Agent {
  const lookupOrder = tool<{ order: string }>({
    name: 'lookup_order',
    description: 'Looks an order up.',
    parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
    execute: ({ order }) => ({ order, total: 5, paid: true }),
  });
  const checkStock = tool<{ sku: string }>({
    name: 'check_stock',
    description: 'Checks the stock of an item.',
    parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
    execute: () => {
      throw new Error('the stock service is down');
    },
  });
  const refund = tool<{ amount: number }>({
    name: 'refund',
    description: 'Refunds an amount; a person approves it.',
    parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
    needsApproval: true,
    execute: ({ amount }) => `refunded $${amount.toFixed(2)}`,
  });
  const triageAgent = chatModelAgent({
    name: 'Triage',
    description: 'Front desk.',
    instruction: 'You triage orders.',
    model: model('scripted:triage', triage, ready),
    tools: [lookupOrder, checkStock],
  });
  const billingAgent = chatModelAgent({
    name: 'Billing',
    description: 'Refunds.',
    instruction: 'You refund orders.',
    model: model('billing-model', billing, ready),
    tools: [refund],
  });
  return withSubAgents(triageAgent, [billingAgent]);
}
