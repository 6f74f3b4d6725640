import type { Message } from '@weft/chat-model';
import type { Agent } from '../agents/agent.ts';
import type { AgentEvent } from '../agents/agent-event.ts';
import { checkOutputSchema, type PreparedOutput } from '../agents/output-schema.ts';
import { AgentError } from '../errors.ts';

/** The message that ended a run, and the agent that wrote it. */
export interface FinalMessage {
  agentName: string;
  message: Message;
}

/**
 * Whether an event of the run itself (not one forwarded from inside an agent
 * tool) can be the run's final message: an answer without tool calls, an
 * exit's result, or a tool result (a returnDirectly tool's ends its agent;
 * any other is followed by its agent's own answer, so it is never the last).
 */
export function finalCandidate(e: AgentEvent): FinalMessage | undefined {
  if (e.type === 'message') return e.output.message.toolCalls?.length ? undefined : { agentName: e.agentName, message: e.output.message };
  if (e.type === 'exit' || e.type === 'tool-result') return { agentName: e.agentName, message: e.output.message };
  return undefined;
}

/** The outputSchemas of a tree's agents, by agent name (agents used as tools are runs of their own). */
export function outputSchemas(root: Agent): ReadonlyMap<string, PreparedOutput> {
  const found = new Map<string, PreparedOutput>();
  const visit = (agent: Agent) => {
    if (agent.kind === 'chat-model' && agent.outputSchema !== undefined)
      found.set(agent.name, checkOutputSchema(agent.outputSchema, `chatModelAgent "${agent.name}"`));
    for (const child of agent.subAgents ?? []) visit(child);
  };
  visit(root);
  return found;
}

/**
 * The run's final output for an agent with an outputSchema: the final
 * message's JSON value, validated (the model node accepted it already, so this
 * only fails for a message that did not pass there: a typed OUTPUT_INVALID).
 */
export async function finalOutput(final: FinalMessage, schema: PreparedOutput): Promise<unknown> {
  const check = await schema.check(final.message.content);
  if (check.ok) return check.value;
  throw new AgentError('OUTPUT_INVALID', `agent "${final.agentName}": the final answer does not match its outputSchema: ${check.message}`, {
    details: { agent: final.agentName },
  });
}
