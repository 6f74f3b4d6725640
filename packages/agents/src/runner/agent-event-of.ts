import type { GraphEvent } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';
import { agentEvents } from '../compile/agent-events.ts';

/**
 * The AgentEvent a graph event of an agent run carries, if any: a
 * `node.custom` event on the `weft.agent` channel (see agentEvents). For
 * observers that see the graph's events (an Instrumentation, a run log).
 *
 * @example
 * const instrumentation = { startRun: () => ({ event: (e) => console.log(agentEventOf(e)?.type), end: () => {} }) };
 */
export function agentEventOf(event: GraphEvent): AgentEvent | undefined {
  return event.type === 'node.custom' && event.channel === agentEvents.name ? (event.data as AgentEvent) : undefined;
}
