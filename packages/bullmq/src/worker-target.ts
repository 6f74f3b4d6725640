import { AgentError, toRunTarget, type AgentRunTarget, type GraphRunTarget, type RunnerOptions } from '@weft/agents';
import { WeftError, type CheckpointStore, type Instrumentation, type LeaseKeeper, type TaskDispatcher } from '@weft/graph';
import { QueueError } from './errors.ts';
import type { WeftJobData } from './job-data.ts';
import { versionedAgent } from './versioned-agent.ts';
import type { WeftTarget } from './weft-target.ts';

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

/** A target as a worker runs it (toRunTarget on the worker's store), an agent's with its default session values. */
export type WorkerTarget = GraphRunTarget | (AgentRunTarget & { readonly sessionValues: Readonly<Record<string, unknown>> });

/**
 * Readies a target for a worker with toRunTarget: a graph compiled without a
 * store gets the worker's; one compiled with another store is refused
 * (QUEUE_TARGET_STORE): its local `getState()`/`history()` would read
 * elsewhere than the worker writes. An agent gets one Runner, with the
 * worker's store, for all its jobs, and the options' default session values;
 * `{ agent, versions }` gives that Runner its versions (its label, migrations,
 * mismatch policy and patches).
 */
export function workerTarget(
  name: string,
  target: WeftTarget,
  store: CheckpointStore,
  agentOptions: AgentTargetOptions = {},
): WorkerTarget {
  const { sessionValues = {}, ...runnerOptions } = agentOptions;
  const entry = versionedAgent(name, target);
  const versions = entry.versions === undefined ? {} : { versions: entry.versions };
  let ready: ReturnType<typeof toRunTarget>;
  try {
    ready = toRunTarget(entry.target, { ...runnerOptions, ...versions, store, name, caller: `new WeftWorker(): target "${name}"` });
  } catch (err) {
    // The worker's own code for it, as its callers (and their retries) already check.
    if (err instanceof AgentError && err.code === 'RUN_TARGET_STORE')
      throw new QueueError('QUEUE_TARGET_STORE', err.message, { details: { target: name }, cause: err });
    throw err;
  }
  return ready.kind === 'graph' ? ready : Object.assign(ready, { sessionValues });
}

/**
 * Readies every version a worker serves of one target (a target, or its
 * versions oldest first). Two versions with the same structure hash and
 * label could not be told apart by a thread: refused (INVALID_ARGUMENT).
 * Agents whose structure is the same (an instruction or a model changed)
 * are told apart by their labels: `{ agent, versions: { version } }`.
 */
export function workerVersions(
  name: string,
  entry: WeftTarget | readonly WeftTarget[],
  store: CheckpointStore,
  agentOptions: AgentTargetOptions = {},
): WorkerTarget[] {
  const list: readonly WeftTarget[] = Array.isArray(entry) ? entry : [entry as WeftTarget];
  if (list.length === 0)
    throw new QueueError(
      'INVALID_ARGUMENT',
      `new WeftWorker(): target "${name}" lists no versions; give a graph or an agent, or several, oldest first`,
    );
  const versions = list.map((t) => workerTarget(name, t, store, agentOptions));
  const seen = new Set<string>();
  for (const { graph } of versions) {
    const key = `${graph.hash}\n${graph.version ?? ''}`;
    if (seen.has(key))
      throw new QueueError(
        'INVALID_ARGUMENT',
        `new WeftWorker(): target "${name}" lists version ${graph.version ?? graph.hash} twice; each version needs its own structure or label (compile({ version }), or { agent, versions: { version } } for an agent)`,
        { details: { target: name, hash: graph.hash, version: graph.version } },
      );
    seen.add(key);
  }
  return versions;
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
  /** A 'rollback' job that stopped the thread's run: the run starts from the checkpoint that run started from. */
  rollback: boolean;
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
  const rollback = r.rollback ? { multitask: 'rollback' as const } : {};
  const common = { lease, holder, context, signal, ...(r.dispatcher ? { dispatcher: r.dispatcher } : {}) };
  if (target.kind === 'graph') {
    const graphRun = { ...common, ...(r.instrumentation ? { instrumentation: r.instrumentation } : {}) };
    // A resume changes the thread's saved context (the job's id, the worker's values) and keeps the rest: a trace
    // an instrumentation keeps there goes on, whichever worker continues the thread.
    const { context: contextUpdate, ...rest } = graphRun;
    const graphCommon = { ...rest, contextUpdate };
    if (r.continueHead !== undefined) return target.resume({ threadId: data.threadId, ...graphCommon });
    if (data.kind === 'run') return target.start(data.input, { threadId: data.threadId, ...graphRun, ...rollback });
    return target.resume({
      threadId: data.threadId,
      ...(data.checkpointId !== undefined ? { checkpointId: data.checkpointId } : {}),
      ...(data.resume ? { resume: data.resume } : {}),
      ...graphCommon,
    });
  }
  const session = r.sessionValues ? { sessionValues: r.sessionValues } : {};
  if (r.continueHead !== undefined) return target.resume(data.threadId, r.continueHead, common);
  if (data.kind === 'run') return target.start(data.input, { threadId: data.threadId, ...session, ...common, ...rollback });
  const checkpointId = data.checkpointId ?? r.headId;
  if (checkpointId === undefined)
    throw new WeftError('THREAD_NOT_FOUND', `thread "${data.threadId}" has no checkpoints; start it with queue.run()`, {
      details: { threadId: data.threadId },
    });
  return target.resume(data.threadId, checkpointId, {
    ...(data.resume ? { resume: data.resume } : {}),
    ...session,
    ...common,
  });
}
