import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { decodeCheckpoint, type CheckpointStore, type ThreadLease, type ThreadSummary } from '@weft/graph';
import { continueStalledJob, failedForStalling, stalledFailures } from './continue-stalled-job.ts';
import { QueueError } from './errors.ts';
import { parseJobData } from './job-data.ts';
import { JOB_CONTEXT_KEY, ORIGIN_CONTEXT_KEY, ownedBy, type JobOrigin } from './run-job.ts';
import type { WeftQueue } from './weft-queue.ts';

export interface SweepOptions {
  /** The queue whose threads to look at (its name and prefix pick them out of a store that several queues may share). */
  queue: WeftQueue;
  /** The store the queue's workers share. */
  store: CheckpointStore;
  /** Names the sweeper in the thread leases it takes (default `host:pid (sweeper)`). */
  holder?: string;
  /** How long each lease it takes lasts (default 5,000 ms); it holds one only while it looks at one thread. */
  leaseTtlMs?: number;
  /** Stops the sweep between threads. */
  signal?: AbortSignal;
}

/** One thread the sweep sent back to work. */
export interface SweptThread {
  threadId: string;
  /** The job whose run the thread's head belongs to. */
  jobId: string;
  /**
   * `retried`: BullMQ had failed that job for stalling; it is back in the
   * queue, with its id and events. `enqueued`: the job was gone (removed, or
   * lost with Redis's data); `continuation` is a new job that resumes the
   * thread from its head.
   */
  how: 'retried' | 'enqueued';
  /** The job that continues the thread: the same job, or the new one. */
  continuation: string;
}

/** What one sweep saw and did. */
export interface SweepReport {
  /**
   * What it looked at: threads of the queue whose head is `running` with no
   * unexpired lease (their runner is gone), and jobs BullMQ failed for stalling.
   */
  examined: number;
  /** Those whose job was no longer alive, each sent back to work once. */
  continued: SweptThread[];
}

/** Job states in which BullMQ still delivers the job: the thread is continued without the sweeper. */
const LIVE = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'paused']);
const DEFAULT_TTL_MS = 5_000;

/**
 * Finds the threads of a queue that no job will ever continue, and continues
 * each one once. A thread is stranded when its head checkpoint is `running`
 * (its run neither ended nor stopped at an interrupt), no runner holds its
 * lease (the one that wrote the head died, and its lease expired), and the
 * job that ran it (the head's `weftJob`) is not alive in BullMQ: BullMQ
 * failed it for stalling, or the job is gone. A job BullMQ failed for
 * stalling is put back (`retried`); a job that is gone gets a continuation, a
 * resume of the thread's head with no values (`enqueued`). A job that ended
 * with a result of its own (completed, or failed for another reason) is left
 * alone: its readers were told how it ended.
 *
 * The sweep also puts back every job of the queue that BullMQ failed for
 * stalling before its run wrote a checkpoint (its worker died first), as
 * long as its thread did not move on since the job was enqueued (no
 * checkpoint, or a head older than the job): nothing else would find it.
 *
 * Each thread is looked at under its lease, and looked at again once the
 * lease is held: two sweepers in two processes never both continue a thread
 * (the one that comes second finds the job alive again, or the thread busy).
 * A continuation's job id is derived from the thread's head, so even a
 * sweeper whose lease lapsed mid-way adds no second job.
 *
 * Cost: one `store.threads()` listing, then a lease read, a head read and a
 * BullMQ state read per thread whose head is `running`; and one short Redis
 * script per 1,000 failed jobs. Each WeftWorker runs it every
 * `sweepIntervalMs` (one worker of the queue per interval); call it yourself
 * from a scheduled task instead if you turn that off.
 *
 * @example
 * const queue = new WeftQueue({ queue: 'support', connection });
 * const report = await sweepStalledThreads({ queue, store });
 * for (const t of report.continued) console.log(`${t.threadId}: ${t.how} as job ${t.continuation}`);
 */
export async function sweepStalledThreads(options: SweepOptions): Promise<SweepReport> {
  const o = checkSweepOptions(options);
  const claim = { holder: o.holder ?? `${hostname()}:${process.pid} (sweeper)`, ttlMs: o.leaseTtlMs ?? DEFAULT_TTL_MS };
  const report: SweepReport = { examined: 0, continued: [] };
  await sweepHeads(o, claim, report);
  await sweepStalledJobs(o, claim, report);
  return report;
}

type Claim = { holder: string; ttlMs: number };

/** Threads whose running head belongs to a job of the queue that is not alive. */
async function sweepHeads({ queue, store, signal }: SweepOptions, claim: Claim, report: SweepReport): Promise<void> {
  for (const head of await store.threads()) {
    signal?.throwIfAborted();
    if (head.status !== 'running' || (await store.threadLease(head.threadId))) continue;
    const origin = await originOf(store, head);
    if (!origin || origin.queue !== queue.name || origin.prefix !== queue.prefix) continue;
    report.examined++;
    if (LIVE.has(await queue.bull.getJobState(origin.jobId))) continue;
    const swept = await underLease(store, head.threadId, claim, () => continueThread(queue, store, head, origin));
    if (swept) report.continued.push(swept);
  }
}

/** Jobs BullMQ failed for stalling, whatever their thread holds: put back unless their thread moved on since they were enqueued. */
async function sweepStalledJobs({ queue, store, signal }: SweepOptions, claim: Claim, report: SweepReport): Promise<void> {
  for (const id of await stalledFailures(queue.bull)) {
    signal?.throwIfAborted();
    const job = await queue.bull.getJob(id);
    let threadId: string;
    try {
      threadId = parseJobData(job?.data, id).threadId;
    } catch {
      continue; // not a Weft job: not ours to put back
    }
    report.examined++;
    const swept = await underLease(store, threadId, claim, async () => {
      const head = await store.get(threadId);
      // Another job wrote the thread after this one was enqueued: running this one now could repeat what that did.
      if (head && !ownedBy(head, id) && head.createdAt > job!.timestamp) return undefined;
      return (await continueStalledJob(job!)) ? { threadId, jobId: id, how: 'retried' as const, continuation: id } : undefined;
    });
    if (swept) report.continued.push(swept);
  }
}

type Origin = JobOrigin & { jobId: string };

/** The queue, target and job that wrote a head, from its context; undefined for a thread no Weft job ran. */
async function originOf(store: CheckpointStore, head: ThreadSummary): Promise<Origin | undefined> {
  const entry = await store.get(head.threadId, head.headId);
  if (!entry) return undefined;
  let context: Record<string, unknown>;
  try {
    context = decodeCheckpoint(entry.bytes, `${head.threadId}/${head.headId}`).context;
  } catch {
    return undefined; // unreadable here (corrupt, or a newer format): no run of this queue could continue it either
  }
  const jobId = context[JOB_CONTEXT_KEY];
  const origin = context[ORIGIN_CONTEXT_KEY] as Partial<JobOrigin> | undefined;
  if (typeof jobId !== 'string' || typeof origin !== 'object' || origin === null) return undefined;
  const { queue, prefix, target } = origin;
  if (typeof queue !== 'string' || typeof prefix !== 'string' || typeof target !== 'string') return undefined;
  return { jobId, queue, prefix, target };
}

/** Runs `fn` holding the thread's lease; undefined without running it when someone else holds the thread. */
async function underLease<T>(
  store: CheckpointStore,
  threadId: string,
  claim: { holder: string; ttlMs: number },
  fn: () => Promise<T | undefined>,
): Promise<T | undefined> {
  let lease: ThreadLease;
  try {
    lease = await store.claimThread(threadId, claim);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === 'THREAD_BUSY') return undefined;
    throw err;
  }
  try {
    return await fn();
  } finally {
    await store.releaseThread(lease).catch(() => {}); // it expires by itself
  }
}

/** With the lease held: the same head, still running, and its job still not alive, then continue it. */
async function continueThread(queue: WeftQueue, store: CheckpointStore, head: ThreadSummary, origin: Origin) {
  const now = await store.get(head.threadId);
  if (now?.id !== head.headId || now.status !== 'running') return undefined;
  const job = await queue.bull.getJob(origin.jobId);
  const base = { threadId: head.threadId, jobId: origin.jobId };
  if (job) {
    const state = await job.getState();
    if (state !== 'failed' || !failedForStalling(job.failedReason)) return undefined;
    return (await continueStalledJob(job)) ? { ...base, how: 'retried' as const, continuation: job.id! } : undefined;
  }
  const jobId = continuationId(head.threadId, head.headId);
  // Added by an earlier sweep (which held the lease then): it continues the thread, or has failed with its own result.
  if ((await queue.bull.getJobState(jobId)) !== 'unknown') return undefined;
  const added = await queue.resume(origin.target, { threadId: head.threadId, checkpointId: head.headId, jobOptions: { jobId } });
  return { ...base, how: 'enqueued' as const, continuation: added.id };
}

/** The id of the job that continues a thread from a head: one per head, whoever adds it (BullMQ ignores a second add). */
function continuationId(threadId: string, headId: string): string {
  return `weft-continue-${createHash('sha256').update(`${threadId}\n${headId}`).digest('hex').slice(0, 32)}`;
}

function checkSweepOptions(options: SweepOptions): SweepOptions {
  if (options === null || typeof options !== 'object')
    throw new QueueError('INVALID_ARGUMENT', 'sweepStalledThreads({ queue, store }) takes an options object');
  if (options.queue === null || typeof options.queue !== 'object' || typeof options.queue.resume !== 'function')
    throw new QueueError('INVALID_ARGUMENT', 'sweepStalledThreads(): queue must be the WeftQueue of the threads to look at');
  if (options.store === null || typeof options.store !== 'object' || typeof options.store.threads !== 'function')
    throw new QueueError('INVALID_ARGUMENT', 'sweepStalledThreads(): store must be the CheckpointStore the queue’s workers share');
  const ttl = options.leaseTtlMs;
  if (ttl !== undefined && (!Number.isSafeInteger(ttl) || ttl < 1))
    throw new QueueError('INVALID_ARGUMENT', `sweepStalledThreads(): leaseTtlMs must be a positive integer, got ${String(ttl)}`);
  return options;
}
