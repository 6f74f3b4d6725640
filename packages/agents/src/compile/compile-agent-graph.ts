import type { PriceTable } from '@weft/chat-model';
import type { Budget } from '@weft/graph';
import {
  END,
  graph,
  START,
  type CheckpointPolicy,
  type CheckpointStore,
  type CompiledGraph,
  type CompileOptions,
  type NodeContext,
} from '@weft/graph';
import { textOf } from '@weft/chat-model';
import { isAgent, type Agent, type AgentGraphBuilder } from '../agents/agent.ts';
import { AgentError } from '../errors.ts';
import { AgentGraphCompiler, type AgentInfo, type AgentToolInfo } from './agent-graph-compiler.ts';
import {
  initialRunState,
  laneEventCount,
  lastLaneEvent,
  MAIN_LANE,
  recordEvents,
  type AgentGraphInput,
  type AgentRunState,
  type AgentToolResult,
} from './agent-run-state.ts';
import { ENTER } from './enter.ts';
import { unansweredCalls } from './unanswered-calls.ts';
import type { ModelCallLimits } from '../limits/model-call-limits.ts';

export interface AgentGraphOptions {
  store?: CheckpointStore | undefined;
  maxSteps?: number | undefined;
  checkpoints?: CheckpointPolicy | undefined;
  /** Send the model and tool nodes' tasks to the run's dispatcher (see RunnerOptions.distribute). */
  distribute?: boolean | undefined;
  /** Compile for use as an agent tool: the graph ends at `run:end`, which returns the call's AgentToolResult. */
  asTool?: boolean;
  /** Bounds for the model calls of agents that do not set their own (checked by the Runner). */
  modelCallLimits?: ModelCallLimits | undefined;
  /** Model nodes stream their answers, each chunk an agent event (the Runner's `streaming`). */
  streaming?: boolean | undefined;
  /** The Runner's model prices, over @weft/chat-model's table (budgets in US dollars). */
  prices?: PriceTable | undefined;
  /** The Runner's budget for each thread (see @weft/graph's CompileOptions.budget). */
  budget?: Budget | undefined;
  /** The graph version's label, migrations, mismatch policy and behaviour patches (the Runner's `versions`). */
  versions?: AgentGraphVersions | undefined;
}

/** What `compile()` takes about graph versions, as a Runner passes it on (see @weft/graph's CompileOptions). */
export type AgentGraphVersions = Pick<CompileOptions, 'version' | 'migrations' | 'onGraphMismatch' | 'patches'>;

/** The compiled tree, and what the Runner needs to know about its agents and nodes. */
export interface AgentGraph {
  graph: CompiledGraph<AgentGraphInput, unknown, AgentRunState>;
  agents: ReadonlyMap<string, AgentInfo>;
  agentTools: ReadonlyMap<string, AgentToolInfo>;
  /** The agent each node belongs to (its `agent` annotation): an interrupt's node path names the agent it stopped. */
  nodeAgents: ReadonlyMap<string, string>;
}

export const INIT_NODE = 'run:start';
export const END_NODE = 'run:end';

/**
 * Compiles an agent tree into one graph: `run:start` stores the input and
 * session values, then control enters the root agent, and every agent adds
 * its nodes with its continuations (`agent.compile`, see docs/decisions/0004).
 */
export function compileAgentGraph(root: Agent, options: AgentGraphOptions = {}): AgentGraph {
  if (!isAgent(root))
    throw new AgentError('INVALID_ARGUMENT', 'the Runner needs an agent (made by chatModelAgent, sequential, … or defineAgent)');
  const builder: AgentGraphBuilder = graph<AgentGraphInput, unknown, AgentRunState>({
    name: `agents:${root.name}`,
    state: initialRunState,
    // Memory tool calls of one turn run side by side, and each records its write: the records add up.
    reducers: { memoryWrites: (current, mine) => ({ ...current, ...mine }) },
  });
  const { modelCallLimits, prices } = options;
  const streaming = options.streaming === true;
  const compiler = new AgentGraphCompiler(builder, { streaming, modelCallLimits, prices }, (inner) =>
    compileAgentGraph(inner, { asTool: true, modelCallLimits, streaming, prices }),
  );
  const last = options.asTool ? END_NODE : END;
  const entry = compiler.addAgent(root, {
    lane: MAIN_LANE,
    address: [`agent:${root.name}`],
    agentPath: [root.name],
    next: last,
    stop: last,
  });
  if (options.asTool) {
    builder.addNode(END_NODE, endNode, { kind: 'lambda', annotations: { role: 'run-end' } });
    builder.addEdge(END_NODE, END);
  }
  compiler.finish();
  builder.addNode(INIT_NODE, initNode, { kind: 'lambda', annotations: { role: 'run-start' } });
  builder.addEdge(START, INIT_NODE);
  builder.addEdge(INIT_NODE, entry);
  // Filled once compiled: which agent (and kind) each node is, for the thread check.
  const nodes = new Map<string, { agent: string; kind: string }>();
  const compiled = builder.compile({
    threadCheck: ({ tasks, state }) => activationProblems(nodes, tasks, state as AgentRunState),
    ...(options.store ? { store: options.store } : {}),
    ...(options.checkpoints ? { checkpoints: options.checkpoints } : {}),
    maxSteps: options.maxSteps ?? 10_000,
    ...(options.budget ? { budget: options.budget } : {}),
    ...(options.distribute ? { distribute: isWorkNode } : {}),
    ...options.versions,
  });
  for (const node of compiled.toJSON().nodes) {
    const agent = node.annotations?.['agent'];
    if (typeof agent === 'string') nodes.set(node.id, { agent, kind: node.kind });
  }
  return { graph: compiled, agents: compiler.info, agentTools: compiler.agentTools, nodeAgents: nodeAgents(compiled) };
}

/**
 * What a thread of another version (or a migration's result) lacks for this
 * agent system: a task at an agent's tools node continues that agent's turn,
 * which reads the agent's activation in the state — without it the step
 * would fail at once, so the thread is refused before anything is written.
 */
function activationProblems(
  nodes: ReadonlyMap<string, { agent: string; kind: string }>,
  tasks: readonly { node: string }[],
  state: AgentRunState | undefined,
): string[] {
  return tasks.flatMap((t) => {
    const at = nodes.get(t.node);
    if (at === undefined || at.kind !== 'tools' || state?.agents?.[at.agent] !== undefined) return [];
    return [
      `the task at "${t.node}" continues agent "${at.agent}", which has no activation in the thread's state (a migration must give it one: agents.${at.agent})`,
    ];
  });
}

/** The nodes that do an agent's work (model calls, tool calls), as opposed to its routing and bookkeeping. */
const isWorkNode = (node: { kind: string }): boolean => node.kind === 'chat-model' || node.kind === 'tools';

function nodeAgents(compiled: CompiledGraph<AgentGraphInput, unknown, AgentRunState>): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const node of compiled.toJSON().nodes) {
    const agent = node.annotations?.['agent'];
    if (typeof agent === 'string') map.set(node.id, agent);
  }
  return map;
}

function initNode(input: AgentGraphInput, ctx: NodeContext<AgentRunState>) {
  if (input === null || typeof input !== 'object' || !Array.isArray(input.messages)) {
    throw new AgentError('INVALID_ARGUMENT', 'an agent run takes { messages: Message[], session }');
  }
  // The run's input is recorded in the history where the run begins (after earlier runs of the
  // thread), and the RunPath starts again. Path writes only: a long conversation's history is not
  // copied or rewritten at each run.
  // Tool calls an earlier run left without results (it was stopped, or paused at an approval) get one each first.
  const unanswered = unansweredCalls(ctx.state.lanes[MAIN_LANE]!);
  if (unanswered.length) recordEvents(ctx, MAIN_LANE, ...unanswered);
  const at = laneEventCount(ctx.state.lanes[MAIN_LANE]!);
  ctx.set(['input'], input.messages);
  ctx.set(['inputAt'], at);
  recordEvents(ctx, MAIN_LANE, ...input.messages.map((message) => ({ agentName: '', runPath: [], message })));
  ctx.set(['lanes', MAIN_LANE, 'runPath'], []);
  for (const [key, value] of Object.entries(input.session ?? {})) ctx.set(['session', key], value);
  if (input.call) ctx.set(['call'], input.call);
  if (input.callerRunPath) ctx.set(['callerRunPath'], input.callerRunPath);
  return ENTER;
}

/** An agent tool's result: the text of the last event, and the session values to hand back. */
function endNode(_input: unknown, ctx: NodeContext<AgentRunState>): AgentToolResult[] {
  const text = textOf(lastLaneEvent(ctx.state.lanes[MAIN_LANE]!)?.message ?? '');
  return [{ call: ctx.state.call ?? { id: '', name: '' }, text, session: { ...ctx.state.session } }];
}
