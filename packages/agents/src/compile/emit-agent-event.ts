import type { BranchContext, NodeContext } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';
import { agentEvents } from './agent-events.ts';
import type { AgentRunState } from './agent-run-state.ts';

/**
 * Publishes an agent event from a node. Inside an agent tool's graph the
 * event's RunPath gets the calling agents' in front (`callerRunPath`, which
 * the call's input carried into that graph's state), so that a forwarded
 * event (emitInternalEvents) reads as the run sees it: outer + inner.
 *
 * @example
 * emitAgentEvent(ctx, { type: 'message', agentName: 'Echo', runPath, output: { message, role: 'assistant' } });
 */
export function emitAgentEvent(ctx: Pick<NodeContext<AgentRunState>, 'emit' | 'state' | 'path'>, event: AgentEvent): void {
  // Only a graph run as a subgraph (an agent tool) has callers. A top-level node's path is its name alone, and it
  // skips the state read: reading freezes what the node's path writes copied, work a model step need not do.
  const caller = ctx.path.length > 1 ? ctx.state.callerRunPath : undefined;
  ctx.emit(agentEvents, caller ? { ...event, runPath: [...caller, ...event.runPath] } : event);
}

/** Publishes an agent event from a branch route, at the step's barrier (see BranchContext), with the same RunPath rule. */
export function publishAgentEvent(at: BranchContext, state: AgentRunState, event: AgentEvent): void {
  const caller = state.callerRunPath;
  at.emit(agentEvents, caller ? { ...event, runPath: [...caller, ...event.runPath] } : event);
}
