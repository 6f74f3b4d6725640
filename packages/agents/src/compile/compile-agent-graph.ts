import { END, graph, START, type CheckpointStore, type CompiledGraph, type GraphBuilder } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import { AgentError } from '../errors.ts';
import { initialRunState, MAIN_LANE, type AgentGraphInput, type AgentRunState } from './agent-run-state.ts';
import { ENTER, type AgentScope } from './agent-scope.ts';
import { addChatModelAgent } from './add-chat-model-agent.ts';

/** The builder the agent compiler writes into (node names are built at run time, so untyped). */
export type AgentGraphBuilder = GraphBuilder<AgentGraphInput, unknown, AgentRunState, any>;

export interface AgentGraphOptions {
  store?: CheckpointStore | undefined;
  maxSteps?: number | undefined;
}

/** What the Runner needs to know about the compiled tree. */
export interface AgentGraph {
  graph: CompiledGraph<AgentGraphInput, unknown, AgentRunState>;
  /** Each agent's history lane, to place interrupt events. */
  lanes: ReadonlyMap<string, string>;
}

export const INIT_NODE = 'run:start';

/**
 * Compiles an agent tree into one graph: `run:start` stores the input and
 * session values, then control enters the root agent; every agent adds its
 * nodes with its continuations (see docs/decisions/0004).
 */
export function compileAgentGraph(root: Agent, options: AgentGraphOptions = {}): AgentGraph {
  const b: AgentGraphBuilder = graph<AgentGraphInput, unknown, AgentRunState>({ name: `agents:${root.name}`, state: initialRunState });
  const lanes = new Map<string, string>();
  const scope: AgentScope = { lane: MAIN_LANE, address: [`agent:${root.name}`], agentPath: [root.name], next: END, stop: END };
  const entry = addAgent(b, root, scope, lanes);
  b.addNode(INIT_NODE, initNode, { kind: 'lambda', annotations: { role: 'run-start' } });
  b.addEdge(START, INIT_NODE);
  b.addEdge(INIT_NODE, entry);
  const compiled = b.compile({ ...(options.store ? { store: options.store } : {}), maxSteps: options.maxSteps ?? 10_000 });
  return { graph: compiled, lanes };
}

/** Adds an agent's nodes; returns the node control enters it at. */
export function addAgent(b: AgentGraphBuilder, agent: Agent, scope: AgentScope, lanes: Map<string, string>): string {
  if (lanes.has(agent.name)) {
    throw new AgentError('AGENT_TREE_INVALID', `two agents are named "${agent.name}" in one tree; agent names must be unique`);
  }
  lanes.set(agent.name, scope.lane);
  switch (agent.kind) {
    case 'chat-model':
      return addChatModelAgent(b, agent, scope);
  }
}

function initNode(input: AgentGraphInput, ctx: import('@weft/graph').NodeContext<AgentRunState>) {
  if (input === null || typeof input !== 'object' || !Array.isArray(input.messages)) {
    throw new AgentError('INVALID_ARGUMENT', 'an agent run takes { messages: Message[], session }');
  }
  ctx.update((d) => {
    d.input = input.messages as never;
    Object.assign(d.session, input.session ?? {});
  });
  return ENTER;
}
