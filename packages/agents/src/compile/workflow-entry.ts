import type { NodeContext } from '@weft/graph';
import type { AgentScope } from '../agents/agent.ts';
import type { AgentRunState } from './agent-run-state.ts';
import { ENTER } from './enter.ts';

/** Entering a workflow agent: its name joins the lane's RunPath (and `extra` sets up what it keeps). */
export function workflowEntry(name: string, scope: AgentScope, extra?: (ctx: NodeContext<AgentRunState>) => void) {
  return (_input: unknown, ctx: NodeContext<AgentRunState>) => {
    ctx.append(['lanes', scope.lane, 'runPath'], name);
    extra?.(ctx);
    return ENTER;
  };
}

/** A workflow entry node's annotations: the agent, where it sits, its description and children (for viewers). */
export const workflowAnnotations = (
  agent: { name: string; description: string; subAgents: readonly { name: string }[] },
  scope: AgentScope,
) => ({
  agent: agent.name,
  agentPath: scope.agentPath,
  description: agent.description,
  children: agent.subAgents.map((c) => c.name),
});
