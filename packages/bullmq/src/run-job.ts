import {
  LeaseKeeper,
  decodeCheckpoint,
  type CheckpointEntry,
  type CheckpointStore,
  type GraphEvent,
  type Instrumentation,
  type RunResult,
  type TaskDispatcher,
} from '@weft/graph';
import { DelayedError, UnrecoverableError, WaitingChildrenError, type Job, type RedisClient } from 'bullmq';
import { QueueError } from './errors.ts';
import { EventPublisher } from './event-publisher.ts';
import { eventsKey, lastEntry, type StreamEntry } from './events-stream.ts';
import { finishedResult } from './finished-result.ts';
import { jobSessionValues } from './job-session.ts';
import { parseJobData, type WeftJobData } from './job-data.ts';
import { pickVersion } from './pick-version.ts';
import { errorToText, resultToJSON } from './result-json.ts';
import { routeToVersion, routedOutcome, type PinnedVersion, type VersionQueues } from './route-to-version.ts';
import { claimThread, type ThreadClaim } from './claim-thread.ts';
import { startTargetRun, type StartedRun, type WorkerTarget } from './worker-target.ts';

/** What a job returns to BullMQ (its `returnvalue`): small; the whole result is the stream's `end` entry. */
export interface JobSummary {
  status: 'done' | 'interrupted' | 'error';
  threadId: string;
  checkpointId: string | undefined;
}

/** What every job of a worker shares. */
export interface JobSettings {
  queue: string;
  prefix: string;
  store: CheckpointStore;
  /** Each target's versions, oldest first. */
  targets: ReadonlyMap<string, readonly WorkerTarget[]>;
  /** The queues of versions' pinned jobs (a thread pinned to a version this worker does not serve goes there). */
  versionQueues: VersionQueues;
  leaseTtlMs: number;
  eventsTtlSeconds: number;
  holder: string;
  /** Saved with every checkpoint of every run (the job id is added). */
  context: Record<string, unknown>;
  /** Observers of the graph targets' runs. */
  instrumentation?: readonly Instrumentation[] | undefined;
  client: Promise<RedisClient>;
  signal: AbortSignal;
  /** True once the worker is closing with force: a cancelled run then ends its attempt without an end entry. */
  stopping: () => boolean;
  /** Where a target's distributed tasks go (the worker's task queue), when a target has distributed nodes. */
  dispatcher: ((target: string) => Promise<TaskDispatcher>) | undefined;
}

/** The context key every checkpoint of a job's run carries: how a redelivered job finds its own run. */
export const JOB_CONTEXT_KEY = 'weftJob';

/** Where a job came from: which queue (and prefix) and which of its workers' targets. */
export interface JobOrigin {
  queue: string;
  prefix: string;
  target: string;
}

/**
 * The context key every checkpoint of a job's run carries beside `weftJob`:
 * the job's queue and target, so that a sweeper finds its own queue's
 * threads in a store several queues share, and can resume one whose job is gone.
 *
 * @example
 * const view = await compiled.getState('customer-7'); // compiled with the workers' store
 * const origin = view.context[ORIGIN_CONTEXT_KEY] as JobOrigin | undefined;
 * console.log(origin?.queue, origin?.target, view.context[JOB_CONTEXT_KEY]); // support support 42
 */
export const ORIGIN_CONTEXT_KEY = 'weftQueue';

/** Errors after which trying the job again may succeed: the thread changed under it, or a store or Redis failure (any non-Weft error). */
/**
 * Refusals that another attempt would meet again (the job's data, the thread's
 * state, the graph): the job fails at once. Anything else — a Redis or store
 * connection refused (ECONNREFUSED, ETIMEDOUT…), a store's own failure, a
 * thread lost to another runner — follows the job's `attempts` and `backoff`.
 */
const PERMANENT = new Set([
  'INVALID_ARGUMENT',
  'QUEUE_TARGET_UNKNOWN',
  'QUEUE_JOB_DATA_INVALID',
  'INPUT_INVALID',
  'RESUME_INVALID',
  'UNKNOWN_INTERRUPT',
  'INTERRUPT_ALREADY_ANSWERED',
  'NOTHING_TO_RESUME',
  'THREAD_NOT_FOUND',
  'CHECKPOINT_NOT_FOUND',
  'CHECKPOINT_NOT_LATEST',
  'CHECKPOINT_GRAPH_MISMATCH',
  'CHECKPOINT_CORRUPT',
  'CHECKPOINT_VERSION',
  'CHECKPOINT_UNSERIALIZABLE',
  'GRAPH_INVALID',
  'AGENT_TREE_INVALID',
  'STORE_REQUIRED',
]);

/**
 * One job: take the thread's lease as its `multitask` says (claimThread: a
 * job waits, as delayed, for the jobs before it and for the lease), decide
 * what to run, run it with its events published, and end the stream with the result.
 */
export async function runJob(job: Job<WeftJobData, JobSummary>, token: string | undefined, s: JobSettings): Promise<JobSummary> {
  const client = await s.client;
  // A job routed to its thread's version runs for the main queue's job: its events go to that job's stream.
  const forJob = (job.data as { forJob?: unknown } | null)?.forJob;
  const key = eventsKey(s.prefix, s.queue, typeof forJob === 'string' && forJob ? forJob : job.id!);
  try {
    const data = parseJobData(job.data, job.id);
    const versions = s.targets.get(data.target);
    if (!versions)
      throw new QueueError(
        'QUEUE_TARGET_UNKNOWN',
        `no target "${data.target}" on the workers of queue "${s.queue}" (they run: ${[...s.targets.keys()].join(', ')})`,
        {
          details: { target: data.target, known: [...s.targets.keys()] },
        },
      );
    // Back from waiting for the job that ran it on its thread's version: that job's summary is this one's.
    const routed = isFirstDelivery(job) ? undefined : await routedOutcome(job, token, s);
    if (routed) return routed;
    const claim = await claimThread(job, token, data, { ...s, jobContextKey: JOB_CONTEXT_KEY }, client);
    return await runUnderLease(job, token, data, versions, claim, client, key, s);
  } catch (err) {
    if (err instanceof DelayedError || err instanceof WaitingChildrenError || s.stopping()) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    // An error marked `retryable: false` (a refused credential, a bad request) is permanent whatever its code.
    const marked = (err as { retryable?: unknown } | null)?.retryable;
    const retryable = marked !== false && (typeof code !== 'string' || !PERMANENT.has(code));
    const last = !retryable || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (!last) throw err;
    // The job's last word: readers get the error instead of waiting for an end.
    await appendFailure(client, key, s.eventsTtlSeconds, err);
    throw retryable ? err : new UnrecoverableError(err instanceof Error ? err.message : String(err));
  }
}

async function runUnderLease(
  job: Job,
  token: string | undefined,
  data: WeftJobData,
  versions: readonly WorkerTarget[],
  claim: ThreadClaim,
  client: RedisClient,
  key: string,
  s: JobSettings,
): Promise<JobSummary> {
  const { lease } = claim;
  const id = jobKey(job, data);
  let run: StartedRun;
  let publisher: EventPublisher;
  try {
    // A first delivery cannot have checkpoints of its own; a redelivered one reads the head to find out (an
    // agent's resume of the latest checkpoint needs its id too, and several versions pick by it). Otherwise the
    // run reads the head itself.
    const firstDelivery = isFirstDelivery(job);
    const needHead =
      !firstDelivery || versions.length > 1 || (versions[0]!.kind === 'agent' && data.kind === 'resume' && data.checkpointId === undefined);
    const head = needHead ? await s.store.get(data.threadId) : undefined;
    const target = pickVersion(versions, await continuedCheckpoint(data, head, versions.length, s));
    const own = !firstDelivery && head !== undefined && ownedBy(head, id);
    const ended = own ? await lastEntry(client, key) : undefined;
    if (ended?.kind === 'end') {
      // The run ended and said so; only the job's completion was lost with its worker.
      await lease.release();
      return summary(JSON.parse(ended.text), data.threadId);
    }
    if (own && (head.status === 'done' || head.status === 'interrupted')) {
      // The run ended, but the worker stopped before it wrote the end: report it from the checkpoint, run nothing.
      const result = await finishedResult(target, data.threadId, id);
      await lease.release();
      const publisher = new EventPublisher(client, key, s.eventsTtlSeconds);
      // A graph's stream ends with run.end, as a local run's does: the dead attempt may not have sent it.
      if (target.kind === 'graph' && !isRunEnd(ended)) publisher.push(runEndOf(result as RunResult));
      await publisher.finish(['end', resultToJSON(result)]);
      return summary(result, data.threadId);
    }
    publisher = new EventPublisher(client, key, s.eventsTtlSeconds);
    // Distributed tasks run on the task queue's workers, which know each target's newest version only.
    const newest = target === versions[versions.length - 1] && data.forJob === undefined;
    const dispatcher = s.dispatcher && newest ? await s.dispatcher(data.target) : undefined;
    const continueHead = own && head ? head.id : undefined;
    // A continuation goes on with the session its own attempt set.
    const sessionValues = continueHead === undefined ? await jobSessionValues(target, data, head?.id) : undefined;
    run = startTargetRun(target, {
      dispatcher,
      instrumentation: s.instrumentation,
      data,
      continueHead,
      headId: head?.id,
      sessionValues,
      lease,
      rollback: claim.rollback,
      holder: `${s.holder} (job ${job.id})`,
      context: { ...s.context, [JOB_CONTEXT_KEY]: id, [ORIGIN_CONTEXT_KEY]: origin(s, data.target) },
      signal: s.signal,
    });
  } catch (err) {
    await lease.release();
    throw err;
  }
  run.subscribe({ next: (e) => publisher.push(e), error: () => {} });
  const result = await runOrRoute(run, job, token, data, lease, s);
  if ('routed' in result) return result.routed;
  return endRun(job, token, data, result, publisher, s);
}

/**
 * The run's result; or, when its graph refused the thread as another
 * version's (GRAPH_VERSION_PINNED, before anything ran or was published),
 * the job handed to that version's queue.
 */
async function runOrRoute(
  run: StartedRun,
  job: Job,
  token: string | undefined,
  data: WeftJobData,
  lease: LeaseKeeper,
  s: JobSettings,
): Promise<RunEnd | { routed: JobSummary }> {
  try {
    return (await run) as RunEnd;
  } catch (err) {
    const e = err as { code?: unknown; details?: PinnedVersion } | null;
    if (e?.code !== 'GRAPH_VERSION_PINNED' || typeof e.details?.hash !== 'string') throw err;
    await lease.release();
    return { routed: await routeToVersion(job, token, data, e.details, { prefix: s.prefix, queue: s.queue, queues: s.versionQueues }) };
  }
}

type RunEnd = { status: JobSummary['status']; error?: { code?: string } };

/** Ends the job after its run: publishes the end, or sends the job back when the run lost its thread or was stopped by an outage. */
async function endRun(
  job: Job,
  token: string | undefined,
  data: WeftJobData,
  result: RunEnd,
  publisher: EventPublisher,
  s: JobSettings,
): Promise<JobSummary> {
  if (s.stopping()) {
    await publisher.drain();
    throw new QueueError('QUEUE_CLOSED', `job ${job.id} stopped: its worker was closed with force`);
  }
  // A run that lost the thread (its lease expired while its process stalled, or someone took it over) did not end:
  // the job comes back once the thread is free and continues from the last checkpoint, as after a crash.
  const lost = result.status === 'error' ? result.error?.code : undefined;
  if (lost === 'LEASE_LOST' || lost === 'CONCURRENT_RESUME') {
    await publisher.drain();
    await delay(job, s.leaseTtlMs, token);
    throw new DelayedError(`job ${job.id} lost thread "${data.threadId}" (${lost}); it continues once the thread is free`);
  }
  // A run stopped by the store or by its step's tasks: another attempt of the job continues it from its last checkpoint.
  const markedPermanent = (result.error as { retryable?: unknown } | undefined)?.retryable === false;
  if (lost !== undefined && RETRIED_RUN_ERRORS.has(lost) && !markedPermanent && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) {
    await publisher.drain();
    throw result.error;
  }
  await publisher.finish(['end', resultToJSON(result)]);
  return summary(result, data.threadId);
}

/** With several versions: the checkpoint the job continues (the one a resume names, else the head), which picks the version. */
async function continuedCheckpoint(data: WeftJobData, head: CheckpointEntry | undefined, versions: number, s: JobSettings) {
  if (versions === 1) return undefined;
  if (data.kind === 'resume' && data.checkpointId !== undefined) return s.store.get(data.threadId, data.checkpointId);
  return head;
}

/** Whether BullMQ hands the job out for the first time (not redelivered, not back from waiting for its version's job). */
function isFirstDelivery(job: Job): boolean {
  return job.attemptsStarted === 1 && !job.stalledCounter;
}

/** The job a run is for: itself, or the main queue's job it runs for on its thread's version (`forJob`). */
function jobKey(job: Job, data: WeftJobData): string {
  return data.forJob ?? job.id!;
}

/**
 * Run errors that are not a node's: the store could not be written or read
 * (RUN_FAILED with the driver's error as its cause, CHECKPOINTS_NOT_WRITTEN),
 * or a step's distributed tasks could not all run. The job's next attempt (its
 * `attempts` and `backoff`) continues the run from its last checkpoint that
 * was written. On the last attempt the run's error is the job's result. A
 * node's failure (NODE_FAILED, a poison input) is never retried here: the
 * node's own retry policy decides.
 */
const RETRIED_RUN_ERRORS = new Set(['RUN_FAILED', 'CHECKPOINTS_NOT_WRITTEN', 'TASK_DISPATCH_FAILED', 'QUEUE_TASK_FAILED']);

/**
 * Sends the job back to wait. When BullMQ refuses (this worker lost the job's
 * lock: another worker may have it now; or Redis is unreachable), the job is
 * left as it is: its lock expires and the stalled-job check hands it out again.
 */
async function delay(job: Job, ms: number, token: string | undefined): Promise<void> {
  await job.moveToDelayed(Date.now() + ms, token).catch(() => {});
}

/** Whether the stream's last entry is the run.end event (its run ended and said so; only the end entry is missing). */
function isRunEnd(entry: StreamEntry | undefined): boolean {
  return entry?.kind === 'e' && (JSON.parse(entry.text) as { type?: unknown }).type === 'run.end';
}

/** The run.end event a finished graph run emits, rebuilt from its result (the run's id is `job:<id>`, as in the result). */
function runEndOf(r: RunResult): GraphEvent {
  return {
    type: 'run.end',
    status: r.status,
    output: r.output,
    runId: r.runId,
    threadId: r.threadId,
    step: r.steps,
    path: [],
    ts: Date.now(),
  };
}

function origin(s: JobSettings, target: string): JobOrigin {
  return { queue: s.queue, prefix: s.prefix, target };
}

/** Whether a checkpoint was written by the run of this job (its context names the job). */
export function ownedBy(head: CheckpointEntry, jobId: string): boolean {
  return decodeCheckpoint(head.bytes, `${head.threadId}/${head.id}`).context[JOB_CONTEXT_KEY] === jobId;
}

function summary(result: unknown, threadId: string): JobSummary {
  const r = result as { status: JobSummary['status']; checkpointId?: string };
  return { status: r.status, threadId, checkpointId: r.checkpointId };
}

async function appendFailure(client: RedisClient, key: string, ttlSeconds: number, err: unknown): Promise<void> {
  try {
    await new EventPublisher(client, key, ttlSeconds).finish(['failed', errorToText(err)]);
  } catch {
    // Redis is unreachable: BullMQ fails the job anyway, and readers learn it from the job's state.
  }
}
