import type { Agent, AgentScope } from '../agents/agent.ts';

/**
 * A child's scope: its parent's, one level deeper (its address and agent
 * path end with it), with `over` changed. What is its parent's own (a
 * handoff's `treeNext`) stays with the parent.
 */
export function childScope(scope: AgentScope, child: Agent, over: Partial<AgentScope> = {}): AgentScope {
  const { treeNext: _own, ...rest } = scope;
  return { ...rest, address: [...scope.address, `agent:${child.name}`], agentPath: [...scope.agentPath, child.name], ...over };
}
