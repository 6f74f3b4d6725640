/**
 * Models for the support example: each agent's scripted model decides from
 * the conversation it is given (so a run resumed in another process continues
 * exactly as one that never stopped), or one OpenAI-compatible model for all
 * agents when OPENAI_BASE_URL and OPENAI_API_KEY are set.
 */
import type { Message } from '@weft/agents';
import { openAIChatModel, scriptedModel, type ScriptAnswer } from '@weft/models';
import type { ModelFor, SupportAgentName } from './support-agents.ts';

/** Has this agent (its own assistant messages) already called `tool`, optionally with `argument` in the arguments? */
const called = (messages: readonly Message[], tool: string, argument = ''): boolean =>
  messages.some((m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => c.name === tool && c.arguments.includes(argument)));

const transfer = (agent_name: string, reason: string, text = ''): ScriptAnswer => ({
  text,
  toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name, reason } }],
});

const rules: Record<SupportAgentName, (messages: readonly Message[]) => ScriptAnswer> = {
  Coordinator: (m) =>
    !called(m, 'transfer_to_agent', 'Tech')
      ? transfer('Tech', 'The dashboard times out: a technical problem.')
      : !called(m, 'transfer_to_agent', 'Billing')
        ? transfer('Billing', 'The customer was charged twice.')
        : { text: 'Done: the missing index is identified (Database), and the duplicate March charge of $49.00 was refunded (Billing).' },
  Tech: (m) =>
    !called(m, 'transfer_to_agent', 'Database')
      ? transfer('Database', 'Timeouts started after a migration: likely a query plan.')
      : transfer('Coordinator', 'The technical part is diagnosed.'),
  Database: (m) =>
    !called(m, 'slow_queries')
      ? { toolCalls: [{ name: 'slow_queries', arguments: { since_hours: 24 } }] }
      : transfer(
          'Tech',
          'Diagnosis done.',
          'The dashboard query scans the events table: the migration dropped events_account_id_idx. Recreate it with CREATE INDEX CONCURRENTLY.',
        ),
  Billing: (m) =>
    !called(m, 'lookup_invoice')
      ? { toolCalls: [{ name: 'lookup_invoice', arguments: { invoice_id: 'INV-1042' } }] }
      : !called(m, 'refund')
        ? { toolCalls: [{ name: 'refund', arguments: { invoice_id: 'INV-1042', amount: 49, reason: 'charged twice in March' } }] }
        : transfer('Coordinator', 'The refund is done.', 'INV-1042 was charged twice; $49.00 is refunded.'),
  Network: () => ({ text: 'The network looks healthy.' }),
  Account: () => ({ text: 'Your account is fine.' }),
};

/**
 * Scripted models that answer by the rules above, one per agent. Tool call ids
 * come from the conversation's length, not from a per-process call counter, so
 * they stay unique in the history when another process continues the thread.
 */
export function scriptedSupportModels(): ModelFor {
  const answer = (name: SupportAgentName, messages: readonly Message[]): ScriptAnswer => {
    const item = rules[name](messages);
    if (typeof item !== 'object' || !('toolCalls' in item) || !item.toolCalls) return item;
    return { ...item, toolCalls: item.toolCalls.map((c, i) => ({ ...c, id: `${name.toLowerCase()}_${messages.length}_${i}` })) };
  };
  return (name) => scriptedModel([(messages) => answer(name, messages)], { name: `scripted:${name}`, repeatLast: true });
}

/** One OpenAI-compatible model for every agent when the environment names a server; undefined otherwise. */
export function openAISupportModels(env: NodeJS.ProcessEnv = process.env): ModelFor | undefined {
  const { OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL } = env;
  if (!OPENAI_BASE_URL || !OPENAI_API_KEY) return undefined;
  const model = openAIChatModel({ baseURL: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY, model: OPENAI_MODEL ?? 'gpt-4o-mini' });
  return () => model;
}
