/**
 * Models for the support example: each agent's scripted model decides from
 * the conversation it is given (so a run resumed in another process continues
 * exactly as one that never stopped), or one OpenAI-compatible model for all
 * agents when OPENAI_BASE_URL and OPENAI_API_KEY are set.
 */
import type { ChatModel, Message } from '@weft/agents';
import { openAIChatModel, scriptedModel, type ScriptAnswer } from '@weft/models';
import { accountRule } from './support-account-rules.ts';
import type { ModelFor, SupportAgentName } from './support-agents.ts';
import { billingRule } from './support-billing-rules.ts';
import { Conversation } from './support-conversation.ts';
import { coordinatorRule } from './support-coordinator-rules.ts';
import { databaseRule, networkRule, techRule } from './support-tech-rules.ts';

/** Each agent's rule: its next answer, decided from the customer's latest request and what happened since. */
const rules: Record<SupportAgentName, SupportRule> = {
  Coordinator: coordinatorRule,
  Billing: billingRule,
  Tech: techRule,
  Database: databaseRule,
  Network: networkRule,
  Account: accountRule,
};

/** Scripted models that answer by the rules above, one per agent. */
export function scriptedSupportModels(): ModelFor {
  return scriptedModelsFor(rules);
}

/** A scripted agent's rule: its next answer, from the conversation its model is given. */
export type SupportRule = (conversation: Conversation) => ScriptAnswer;

/**
 * Scripted models that answer by `byAgent`, one per agent. Tool call ids come
 * from the conversation's length, not from a per-process call counter, so
 * they stay unique in the history when another process continues the thread.
 */
export function scriptedModelsFor<N extends string>(byAgent: Readonly<Record<N, SupportRule>>): (agentName: N) => ChatModel {
  const answer = (name: N, messages: readonly Message[]): ScriptAnswer => {
    const item = byAgent[name](new Conversation(messages));
    if (typeof item !== 'object' || !('toolCalls' in item) || !item.toolCalls) return item;
    return { ...item, toolCalls: item.toolCalls.map((c, i) => ({ ...c, id: `${name.toLowerCase()}_${messages.length}_${i}` })) };
  };
  return (name) => scriptedModel([(messages) => answer(name, messages)], { name: `scripted:${name}`, repeatLast: true });
}

/** One OpenAI-compatible model for every agent (of any version of the system) when the environment names a server; undefined otherwise. */
export function openAISupportModels(env: NodeJS.ProcessEnv = process.env): ((agentName: string) => ChatModel) | undefined {
  const { OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL } = env;
  if (!OPENAI_BASE_URL || !OPENAI_API_KEY) return undefined;
  const model = openAIChatModel({ baseURL: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY, model: OPENAI_MODEL ?? 'gpt-4o-mini' });
  return () => model;
}
