import type { CheckpointPolicy, CheckpointStore, Instrumentation, LeaseKeeper, Multitask, TaskDispatcher, Budget } from '@weft/graph';
import type { PriceTable } from '@weft/chat-model';
import type { Agent } from '../agents/agent.ts';
import type { AgentGraphVersions } from '../compile/compile-agent-graph.ts';
import type { ModelCallLimits } from '../limits/model-call-limits.ts';

export interface RunnerOptions<A extends Agent = Agent> {
  agent: A;
  /** Where checkpoints go; needed to resume. */
  store?: CheckpointStore;
  /** Stream model output: chunk events before each assistant message event. */
  streaming?: boolean;
  /** Upper bound on graph steps per run (default 10,000). */
  maxSteps?: number;
  /**
   * Bounds on each model call of every agent that does not set its own
   * (field by field): chunks, bytes and time, over the defaults (see ModelCallLimits).
   */
  modelCallLimits?: ModelCallLimits;
  /**
   * Which checkpoints runs write with a store: after every graph step (`'every-step'`,
   * the default) or only the first and where a run stops (`'on-exit'`): see @weft/graph's CompileOptions.
   */
  checkpoints?: CheckpointPolicy;
  /**
   * Let every agent's model calls and tool calls run in other processes: with
   * a task dispatcher (a `@weft/bullmq` worker gives its runs one), each model
   * or tools step of each agent goes to it, so the sub-agents of a parallel
   * workflow run on several workers at once. Without a dispatcher, runs are
   * unchanged. Streamed chunks of a model call that ran elsewhere arrive with
   * its message, not as they are made.
   */
  distribute?: boolean;
  /**
   * Observers of every run and resume (tracing, metrics): `otelInstrumentation()`
   * from @weft/otel, or any @weft/graph `Instrumentation`. They see the graph's
   * events; its nodes carry the agents' annotations (agent, model, tools).
   */
  instrumentation?: readonly Instrumentation[];
  /**
   * This version of the agent system, for threads that outlive a deploy:
   * `version` labels it, `migrations` take older versions' threads to it,
   * `onGraphMismatch` says what a resume does with a thread this version
   * cannot run as it is, `patches` declares behaviour switches
   * (`ctx.patched`). See @weft/graph's `migration()` and docs/graph/versions.md.
   */
  versions?: AgentGraphVersions;
  /**
   * A budget for each thread: limits on tokens, cost (US dollars), model
   * calls, tool calls and running time, counted across resumes, retries and
   * forks (see docs/agents/budgets.md). A run's or resume's `budget` sets
   * fields over it. 0, negative, NaN or unknown limits are BUDGET_INVALID.
   */
  budget?: Budget;
  /**
   * Prices by model id, over @weft/chat-model's `modelPrices` (US dollars
   * per million tokens). A `costUsd` budget needs a price for every model of
   * the agent tree (PRICE_MISSING before the run starts otherwise).
   */
  prices?: PriceTable;
}

export interface AgentRunOptions {
  /** Injected before the run; readable by instructions (`{key}`), tools and agents. */
  sessionValues?: Record<string, unknown>;
  threadId?: string;
  signal?: AbortSignal;
  /** Appends the run's graph events to this JSONL file (a run log: `weft replay`, `renderHtml` read it). */
  record?: string;
  /** Extra values saved with every checkpoint of the run (the `weft` command keeps the agent's module there). */
  context?: Record<string, unknown>;
  /** Names this run to others refused with THREAD_BUSY while it holds the thread (default `host:pid (run <id>)`). */
  holder?: string;
  /** Take the thread even though another holder's lease has not expired: only when that holder is known to be gone. */
  takeOver?: boolean;
  /** A lease on the thread the caller already holds (`LeaseKeeper.take`): the run adopts it and releases it at the end. */
  lease?: LeaseKeeper;
  /**
   * When the thread is being run: 'reject' (default, THREAD_BUSY), 'enqueue',
   * 'interrupt' or 'rollback' (see @weft/graph's Multitask). Tool calls a
   * stopped run left without results get a result saying they were not run.
   */
  multitask?: Multitask;
  /** How long 'enqueue', 'interrupt' and 'rollback' wait for the thread (default 600,000 ms), then THREAD_BUSY. */
  multitaskWaitMs?: number;
  /** Which checkpoints this run writes, over the Runner's `checkpoints`. */
  checkpoints?: CheckpointPolicy;
  /** Where the model and tool steps go when the Runner was made with `distribute` (see @weft/graph's TaskDispatcher). */
  dispatcher?: TaskDispatcher;
  /** Limits set over the thread's budget (the one its checkpoint keeps, else the Runner's), field by field. */
  budget?: Budget;
}

/** How `Runner.resume` continues: values for the pending interrupts, and the run options that apply to a resume. */
export interface AgentResumeOptions extends Pick<
  AgentRunOptions,
  'signal' | 'record' | 'context' | 'holder' | 'takeOver' | 'lease' | 'checkpoints' | 'dispatcher' | 'budget'
> {
  resume?: Record<string, unknown>;
  /**
   * Session values to set before continuing: how a run that failed for a
   * missing instruction value (INSTRUCTION_KEY_MISSING) continues once it is given.
   */
  sessionValues?: Record<string, unknown>;
  /**
   * Continue from this checkpoint even though the thread went on from it (a
   * new branch). Without it, a checkpoint that is no longer the thread's latest
   * is refused with CHECKPOINT_NOT_LATEST.
   */
  fork?: boolean;
}
