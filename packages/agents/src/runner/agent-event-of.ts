import type { GraphEvent } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';
import { readAgentEvent } from '../compile/emit-agent-event.ts';

/**
 * The AgentEvent a graph event of an agent run carries, if any: what a
 * Runner turns into its own events, for observers that see the graph's
 * events (an Instrumentation, a run log).
 */
export function agentEventOf(event: GraphEvent): AgentEvent | undefined {
  return event.type === 'node.custom' ? readAgentEvent(event.data) : undefined;
}
