import type { AnyCompiledGraph, CheckpointStore, ResumeOptions, Run, RunOptions } from '@weft/graph';
import type { Message } from '@weft/chat-model';
import type { Agent } from '../agents/agent.ts';
import { AgentError } from '../errors.ts';
import { checkpointHandle } from './checkpoint-handle.ts';
import { runTargetKind } from './run-target-kind.ts';
import { versionsProblem } from './versions-problem.ts';
import { Runner, type AgentRun } from './runner.ts';
import type { AgentResumeOptions, AgentRunOptions, RunnerOptions } from './runner-options.ts';

/** How `toRunTarget` readies its target: the host's store, and the Runner's options for an agent. */
export interface RunTargetOptions extends Pick<
  RunnerOptions,
  'streaming' | 'distribute' | 'maxSteps' | 'modelCallLimits' | 'checkpoints' | 'instrumentation' | 'versions'
> {
  /**
   * Where the host keeps its threads. A graph compiled without a store gets
   * it; one compiled with this very store runs as it is; one compiled with
   * another is refused (RUN_TARGET_STORE). Without it, a graph keeps its own.
   */
  store?: CheckpointStore | undefined;
  /**
   * The store when neither the host nor the graph names one (an MCP server
   * keeps each call's thread in memory). Called at most once.
   */
  fallbackStore?: () => CheckpointStore;
  /** The name the host knows the target by (a worker's key for it); default the agent's or the graph's own. */
  name?: string;
  /** Who asks, for the error messages (`new WeftWorker()`, `createStudio()`); default `toRunTarget()`. */
  caller?: string;
}

/** What both kinds of target have: the name hosts show, the compiled graph that runs, and the store it writes to. */
interface RunTargetBase {
  readonly name: string;
  /** The graph every run executes (an agent's is its Runner's `graph`): where `getState()`, `history()` and forks read. */
  readonly graph: AnyCompiledGraph;
  /** Where its runs write their checkpoints; undefined when they keep none. */
  readonly store: CheckpointStore | undefined;
}

/** An agent system as a host runs it: one Runner, compiled once, for every turn. */
export interface AgentRunTarget extends RunTargetBase {
  readonly kind: 'agent';
  readonly agent: Agent;
  readonly runner: Runner;
  /** Starts a turn: a query (a string) or a list of messages; anything else is refused (INVALID_ARGUMENT). */
  start(input: unknown, options?: AgentRunOptions): AgentRun;
  /** Continues the thread from one of its checkpoints (`runner.resume` of its handle). */
  resume(threadId: string, checkpointId: string, options?: AgentResumeOptions): AgentRun;
}

/** A compiled graph as a host runs it, on the host's store. */
export interface GraphRunTarget extends RunTargetBase {
  readonly kind: 'graph';
  /** Starts a run with the graph's input. */
  start(input: unknown, options?: RunOptions): Run<unknown, unknown>;
  /** Continues a thread (its latest checkpoint, or the one named). */
  resume(options: ResumeOptions<unknown>): Run<unknown, unknown>;
}

/** An agent or a compiled graph, readied for a host: check `kind`. */
export type RunTarget = AgentRunTarget | GraphRunTarget;

/**
 * Turns what a host is given — an agent or a compiled graph — into one thing
 * it runs: the name, the compiled graph, the store, and how to start and
 * resume. Every host (a worker, an MCP server, the Studio, the `weft`
 * command) recognises its target here, so they agree on what a target is and
 * which store it writes to. A graph compiled with another store than the
 * host's is refused: its own `getState()` and `history()` would read
 * elsewhere than the host writes.
 *
 * @example
 * const target = toRunTarget(agentOrGraph, { store: new MemoryStore() });
 * const run = target.kind === 'agent' ? target.start('Weather in Oslo?', { threadId: 'chat-1' }) : target.start({ city: 'Oslo' });
 * console.log(target.name, (await run).status);
 */
export function toRunTarget(target: Agent | AnyCompiledGraph, options: RunTargetOptions = {}): RunTarget {
  const caller = options.caller ?? 'toRunTarget()';
  const versions = versionsProblem(target, options.versions);
  if (versions) throw new AgentError('INVALID_ARGUMENT', `${caller}: ${versions}`);
  const kind = runTargetKind(target);
  if (kind === 'agent') return agentTarget(target as Agent, options);
  if (kind !== 'graph')
    throw new AgentError(
      'INVALID_ARGUMENT',
      `${caller}: pass an agent (chatModelAgent(), sequential(), …) or a compiled graph (graph(…).compile())`,
      { details: { got: kindOf(target) } },
    );
  return graphTarget(target as AnyCompiledGraph, options, caller);
}

function graphTarget(target: AnyCompiledGraph, options: RunTargetOptions, caller: string): GraphRunTarget {
  const own = target.store;
  const name = options.name ?? target.name;
  if (own !== undefined && options.store !== undefined && own !== options.store)
    throw new AgentError(
      'RUN_TARGET_STORE',
      `${caller}: graph "${name}" was compiled with another store than the one given; compile it without a store (it gets this one) or with this store`,
      { details: { target: name } },
    );
  const store = options.store ?? own ?? options.fallbackStore?.();
  const graph = store === undefined || store === own ? target : target.withStore(store);
  return {
    kind: 'graph',
    name,
    graph,
    store,
    start: (input, runOptions) => graph.run(input, runOptions),
    resume: (resumeOptions) => graph.resume(resumeOptions),
  };
}

function agentTarget(agent: Agent, options: RunTargetOptions): AgentRunTarget {
  const { store: given, fallbackStore, caller = 'toRunTarget()', name = agent.name, ...runnerOptions } = options;
  const store = given ?? fallbackStore?.();
  const runner = new Runner({ ...runnerOptions, agent, ...(store ? { store } : {}) });
  return {
    kind: 'agent',
    name,
    agent,
    runner,
    graph: runner.graph,
    store,
    start: (input, runOptions) => {
      if (typeof input === 'string') return runner.query(input, runOptions);
      if (Array.isArray(input)) return runner.run(input as Message[], runOptions);
      throw new AgentError('INVALID_ARGUMENT', `${caller}: agent "${name}" takes a query (a string) or a list of messages`, {
        details: { target: name },
      });
    },
    resume: (threadId, checkpointId, resumeOptions) => runner.resume(checkpointHandle(threadId, checkpointId), resumeOptions),
  };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}
