import type { GraphBuilder } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import { AgentError } from '../errors.ts';
import { addChatModelAgent } from './add-chat-model-agent.ts';
import { addLoopAgent, addParallelAgent, addSequentialAgent } from './add-workflow-agents.ts';
import type { AgentGraphInput, AgentRunState } from './agent-run-state.ts';
import type { AgentScope } from './agent-scope.ts';

/** The builder agents write into (node names are built at run time, so untyped). */
export type AgentGraphBuilder = GraphBuilder<AgentGraphInput, unknown, AgentRunState, any>;

/** What the Runner needs to know about each compiled agent. */
export interface AgentInfo {
  lane: string;
  /** The innermost enclosing parallel agent. */
  parallel: string | undefined;
}

/** Walks an agent tree, adding each agent's nodes with its scope; every agent is entered at the node named after it. */
export class AgentCompiler {
  readonly info = new Map<string, AgentInfo>();

  constructor(readonly builder: AgentGraphBuilder) {}

  addAgent(agent: Agent, scope: AgentScope): string {
    if (this.info.has(agent.name)) {
      throw new AgentError('AGENT_TREE_INVALID', `two agents are named "${agent.name}" in one tree; agent names must be unique`, {
        details: { name: agent.name },
      });
    }
    this.info.set(agent.name, { lane: scope.lane, parallel: scope.parallel });
    switch (agent.kind) {
      case 'chat-model':
        return addChatModelAgent(this.builder, agent, scope);
      case 'sequential':
        return addSequentialAgent(this, agent, scope);
      case 'loop':
        return addLoopAgent(this, agent, scope);
      case 'parallel':
        return addParallelAgent(this, agent, scope);
    }
  }
}
