import { channel, type Channel } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';

/**
 * The channel agent events travel on: every model, tool and workflow node of
 * an agent graph publishes its AgentEvents here (a `node.custom` event with
 * `channel: 'weft.agent'`). The Runner reads it from its graph run; so can
 * anyone who runs `runner.graph` directly or observes its events.
 *
 * @example
 * runner.graph.run(input).channel(agentEvents).subscribe(({ data }) => console.log(data.agentName, data.type));
 */
export const agentEvents: Channel<AgentEvent> = channel<AgentEvent>('weft.agent');
