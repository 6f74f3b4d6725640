import type { NodeContext } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';

/** The `node.custom` payload that carries an AgentEvent; the Runner looks for this key. */
export const AGENT_EVENT = 'weft.agentEvent';

export function emitAgentEvent(ctx: Pick<NodeContext<unknown>, 'emit'>, event: AgentEvent): void {
  ctx.emit({ [AGENT_EVENT]: event });
}

export function readAgentEvent(data: unknown): AgentEvent | undefined {
  return data !== null && typeof data === 'object' && AGENT_EVENT in data
    ? ((data as Record<string, unknown>)[AGENT_EVENT] as AgentEvent)
    : undefined;
}
