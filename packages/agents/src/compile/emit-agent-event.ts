import type { NodeContext } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';

/** The `node.custom` payload that carries an AgentEvent; the Runner looks for this key. */
export const AGENT_EVENT = 'weft.agentEvent';

export function emitAgentEvent(ctx: Pick<NodeContext<unknown>, 'emit'>, event: AgentEvent): void {
  ctx.emit({ [AGENT_EVENT]: event });
}

/**
 * The `node.custom` payload a model node emits when its model step stops at an
 * interrupt: the RunPath the agent has in that step. Its state changes (the
 * agent's name joining the lane's RunPath) are dropped with the interrupted
 * node, so the Runner takes the interrupt event's RunPath from here.
 */
export const AGENT_INTERRUPTED = 'weft.agentInterrupted';

export interface AgentInterruptedAt {
  agentName: string;
  runPath: string[];
}

export function emitAgentInterrupted(ctx: Pick<NodeContext<unknown>, 'emit'>, at: AgentInterruptedAt): void {
  ctx.emit({ [AGENT_INTERRUPTED]: at });
}

export function readAgentInterrupted(data: unknown): AgentInterruptedAt | undefined {
  return data !== null && typeof data === 'object' && AGENT_INTERRUPTED in data
    ? ((data as Record<string, unknown>)[AGENT_INTERRUPTED] as AgentInterruptedAt)
    : undefined;
}

export function readAgentEvent(data: unknown): AgentEvent | undefined {
  return data !== null && typeof data === 'object' && AGENT_EVENT in data
    ? ((data as Record<string, unknown>)[AGENT_EVENT] as AgentEvent)
    : undefined;
}
