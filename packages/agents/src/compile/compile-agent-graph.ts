import { END, graph, START, type CheckpointStore, type CompiledGraph, type NodeContext } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import { AgentError } from '../errors.ts';
import { AgentCompiler, type AgentGraphBuilder, type AgentInfo } from './agent-compiler.ts';
import { initialRunState, MAIN_LANE, type AgentGraphInput, type AgentRunState } from './agent-run-state.ts';
import { ENTER } from './agent-scope.ts';

export interface AgentGraphOptions {
  store?: CheckpointStore | undefined;
  maxSteps?: number | undefined;
}

/** The compiled tree, and what the Runner needs to know about each agent. */
export interface AgentGraph {
  graph: CompiledGraph<AgentGraphInput, unknown, AgentRunState>;
  agents: ReadonlyMap<string, AgentInfo>;
}

export const INIT_NODE = 'run:start';

/**
 * Compiles an agent tree into one graph: `run:start` stores the input and
 * session values, then control enters the root agent; every agent adds its
 * nodes with its continuations (see docs/decisions/0004).
 */
export function compileAgentGraph(root: Agent, options: AgentGraphOptions = {}): AgentGraph {
  if (root === null || typeof root !== 'object' || typeof root.kind !== 'string')
    throw new AgentError('INVALID_ARGUMENT', 'the Runner needs an agent');
  const builder: AgentGraphBuilder = graph<AgentGraphInput, unknown, AgentRunState>({
    name: `agents:${root.name}`,
    state: initialRunState,
  });
  const compiler = new AgentCompiler(builder);
  const entry = compiler.addAgent(root, { lane: MAIN_LANE, address: [`agent:${root.name}`], agentPath: [root.name], next: END, stop: END });
  compiler.finish();
  builder.addNode(INIT_NODE, initNode, { kind: 'lambda', annotations: { role: 'run-start' } });
  builder.addEdge(START, INIT_NODE);
  builder.addEdge(INIT_NODE, entry);
  const compiled = builder.compile({ ...(options.store ? { store: options.store } : {}), maxSteps: options.maxSteps ?? 10_000 });
  return { graph: compiled, agents: compiler.info };
}

function initNode(input: AgentGraphInput, ctx: NodeContext<AgentRunState>) {
  if (input === null || typeof input !== 'object' || !Array.isArray(input.messages)) {
    throw new AgentError('INVALID_ARGUMENT', 'an agent run takes { messages: Message[], session }');
  }
  ctx.update((d) => {
    d.input = input.messages as never;
    Object.assign(d.session, input.session ?? {});
  });
  return ENTER;
}
