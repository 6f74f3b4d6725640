import type { NodeContext } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';
import type { AgentRunState } from './agent-run-state.ts';

/** The `node.custom` payload that carries an AgentEvent; the Runner looks for this key. */
export const AGENT_EVENT = 'weft.agentEvent';

/**
 * Beside an AgentEvent emitted inside an agent tool: the calling agents'
 * RunPath (`callerRunPath` of the graph's state), which the Runner puts in
 * front of the event's own when it forwards it (`emitInternalEvents`).
 */
export const CALLER_RUN_PATH = 'weft.callerRunPath';

export function emitAgentEvent(ctx: Pick<NodeContext<AgentRunState>, 'emit' | 'state' | 'path'>, event: AgentEvent): void {
  // Only a graph run as a subgraph (an agent tool) has callers. A top-level node's path is its name alone, and it
  // skips the state read: reading freezes what the node's path writes copied, work a model step need not do.
  const caller = ctx.path.length > 1 ? ctx.state.callerRunPath : undefined;
  ctx.emit(caller ? { [AGENT_EVENT]: event, [CALLER_RUN_PATH]: caller } : { [AGENT_EVENT]: event });
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

/** The calling agents' RunPath emitted beside an event from inside an agent tool ([] when there is none). */
export function readCallerRunPath(data: unknown): readonly string[] {
  const path = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[CALLER_RUN_PATH] : undefined;
  return Array.isArray(path) ? (path as string[]) : [];
}
