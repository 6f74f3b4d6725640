import { Runner, checkpointHandle, type RunnerOptions } from '@weft/agents';
import {
  WeftError,
  type CheckpointStore,
  type CompiledGraph,
  type Instrumentation,
  type LeaseKeeper,
  type TaskDispatcher,
} from '@weft/graph';
import { QueueError } from './errors.ts';
import type { WeftJobData } from './job-data.ts';
import { isAgentTarget, isTarget, type WeftTarget } from './weft-target.ts';

/** How a worker's Runners run its agent targets: the Runner's own options (but its agent and store), and default session values. */
export interface AgentTargetOptions extends Pick<
  RunnerOptions,
  'streaming' | 'distribute' | 'maxSteps' | 'modelCallLimits' | 'checkpoints' | 'instrumentation'
> {
  /**
   * Session values every agent job starts with (what an instruction's
   * `{company}` reads). A job's own `sessionValues` override them; a resume
   * gives a default only for a key its thread has not got, never over a
   * value the thread's run chose (see jobSessionValues). Plain data, as a
   * checkpoint holds it.
   */
  sessionValues?: Record<string, unknown>;
}

/** A target as a worker runs it: a graph with the worker's store, or a Runner of the agent with it and its default session values. */
export type WorkerTarget =
  | { kind: 'graph'; name: string; graph: CompiledGraph<any, any, any, any> }
  | { kind: 'agent'; name: string; runner: Runner; sessionValues: Readonly<Record<string, unknown>> };

/**
 * Readies a target for a worker. A graph compiled without a store gets the
 * worker's (`withStore`); one compiled with another store is refused
 * (QUEUE_TARGET_STORE): its local `getState()`/`history()` would read
 * elsewhere than the worker writes. An agent gets one Runner, with the
 * worker's store, for all its jobs, and the options' default session values.
 */
export function workerTarget(
  name: string,
  target: WeftTarget,
  store: CheckpointStore,
  agentOptions: AgentTargetOptions = {},
): WorkerTarget {
  if (!isTarget(target))
    throw new QueueError('INVALID_ARGUMENT', `new WeftWorker(): target "${name}" is neither a compiled graph nor an agent`);
  if (isAgentTarget(target)) {
    const { sessionValues = {}, ...runnerOptions } = agentOptions;
    return { kind: 'agent', name, runner: new Runner({ ...runnerOptions, agent: target, store }), sessionValues };
  }
  const own = target.store;
  if (own !== undefined && own !== store)
    throw new QueueError(
      'QUEUE_TARGET_STORE',
      `new WeftWorker(): graph target "${name}" was compiled with another store than the worker's; compile it without a store (the worker gives it its own) or with the worker's store`,
      { details: { target: name } },
    );
  return { kind: 'graph', name, graph: own === undefined ? target.withStore(store) : target };
}

/** How a job runs its target: under the lease it holds, with its job id in every checkpoint's context. */
export interface StartRequest {
  data: WeftJobData;
  /** The thread's head is this job's own running (or failed) checkpoint: continue it, with no new values. */
  continueHead: string | undefined;
  /** The thread's latest checkpoint (an agent's resume names it). */
  headId: string | undefined;
  /** An agent's session values to set first (jobSessionValues: the job's over the worker's defaults); none for a continuation. */
  sessionValues: Record<string, unknown> | undefined;
  lease: LeaseKeeper;
  holder: string;
  context: Record<string, unknown>;
  signal: AbortSignal;
  /** Where a graph's distributed tasks go. */
  dispatcher: TaskDispatcher | undefined;
  /** Observers of a graph's runs (an agent's Runner has its own, from the worker's options). */
  instrumentation?: readonly Instrumentation[] | undefined;
}

/** A run as a job follows it: its events (GraphEvents or AgentEvents), then its result. */
export interface StartedRun extends PromiseLike<unknown> {
  subscribe(observer: { next: (event: unknown) => void; error: (err: unknown) => void }): unknown;
}

/** Starts the run a job asks for: run, resume, or the continuation of its own interrupted attempt. */
export function startTargetRun(target: WorkerTarget, r: StartRequest): StartedRun {
  const { data, lease, holder, context, signal } = r;
  const common = { lease, holder, context, signal, ...(r.dispatcher ? { dispatcher: r.dispatcher } : {}) };
  if (target.kind === 'graph') {
    const graphRun = { ...common, ...(r.instrumentation ? { instrumentation: r.instrumentation } : {}) };
    // A resume changes the thread's saved context (the job's id, the worker's values) and keeps the rest: a trace
    // an instrumentation keeps there goes on, whichever worker continues the thread.
    const { context: contextUpdate, ...rest } = graphRun;
    const graphCommon = { ...rest, contextUpdate };
    if (r.continueHead !== undefined) return target.graph.resume({ threadId: data.threadId, ...graphCommon });
    if (data.kind === 'run') return target.graph.run(data.input, { threadId: data.threadId, ...graphRun });
    return target.graph.resume({
      threadId: data.threadId,
      ...(data.checkpointId !== undefined ? { checkpointId: data.checkpointId } : {}),
      ...(data.resume ? { resume: data.resume } : {}),
      ...graphCommon,
    });
  }
  const { runner } = target;
  const session = r.sessionValues ? { sessionValues: r.sessionValues } : {};
  if (r.continueHead !== undefined) return runner.resume(checkpointHandle(data.threadId, r.continueHead), common);
  if (data.kind === 'run') {
    const options = { threadId: data.threadId, ...session, ...common };
    if (typeof data.input === 'string') return runner.query(data.input, options);
    if (Array.isArray(data.input)) return runner.run(data.input, options);
    throw new QueueError('INVALID_ARGUMENT', `agent target "${target.name}" takes a query (a string) or a list of messages`, {
      details: { target: target.name },
    });
  }
  const checkpointId = data.checkpointId ?? r.headId;
  if (checkpointId === undefined)
    throw new WeftError('THREAD_NOT_FOUND', `thread "${data.threadId}" has no checkpoints; start it with queue.run()`, {
      details: { threadId: data.threadId },
    });
  return runner.resume(checkpointHandle(data.threadId, checkpointId), {
    ...(data.resume ? { resume: data.resume } : {}),
    ...session,
    ...common,
  });
}
