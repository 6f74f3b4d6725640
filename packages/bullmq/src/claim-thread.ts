import { decodeCheckpoint, LeaseKeeper, WeftError } from '@weft/graph';
import { DelayedError, type Job, type RedisClient } from 'bullmq';
import type { WeftJobData } from './job-data.ts';
import { isLive, liveAhead, markStopped, threadLine, wasStopped, type ThreadLine } from './thread-line.ts';

/** What a job needs to claim its thread. */
export interface ClaimSettings {
  queue: string;
  prefix: string;
  store: Parameters<typeof LeaseKeeper.take>[0];
  holder: string;
  leaseTtlMs: number;
  /** The checkpoint context key naming the job whose run wrote a checkpoint. */
  jobContextKey: string;
}

/** The thread's lease, and whether the run starts where the run this job stopped started ('rollback'). */
export interface ThreadClaim {
  lease: LeaseKeeper;
  rollback: boolean;
}

/** A thread held by someone else is tried again after at most this long (sooner when its lease expires sooner). */
const BUSY_RETRY_MAX_MS = 1_000;

/**
 * Takes the job's thread as its `multitask` says, or sends the job back to
 * wait (DelayedError): a run job waits for the live jobs before it in its
 * thread's line, then for the lease. 'reject' fails with THREAD_BUSY (not
 * retried) instead of waiting; 'interrupt' and 'rollback' ask the holder to
 * stop (it learns at its next lease renewal, in whichever process it runs)
 * and wait for it to let go. A resume (or a job of an older queue, with no
 * place in a line) waits for the lease only, as it always did.
 */
export async function claimThread(
  job: Job<WeftJobData>,
  token: string | undefined,
  data: WeftJobData,
  s: ClaimSettings,
  client: RedisClient,
): Promise<ThreadClaim> {
  const multitask = data.kind === 'run' ? (data.multitask ?? 'enqueue') : undefined;
  const { threadId } = data;
  const line = threadLine(s.prefix, s.queue, threadId);
  if (await wasStopped(client, line, data.forJob ?? job.id!))
    throw new WeftError(
      'RUN_STOPPED',
      `job ${job.id}'s run of thread "${threadId}" was stopped for a newer input while its worker was gone; the thread went on without it`,
      { details: { threadId }, retryable: false },
    );
  if (data.kind === 'run' && data.place !== undefined && data.forJob === undefined) {
    const ahead = await liveAhead(client, line, { id: job.id!, place: data.place });
    if (ahead.length > 0) {
      if (multitask === 'reject') throw busyRefusal(threadId, `job ${ahead.join(', ')} of the thread came first`);
      const wait = BUSY_RETRY_MAX_MS + jitter();
      await delay(job, wait, token);
      throw new DelayedError(`thread "${threadId}" has jobs before job ${job.id} (${ahead.join(', ')}); it waits ${wait} ms`);
    }
  }
  const holder = `${s.holder} (job ${job.id})`;
  try {
    const lease = await LeaseKeeper.take(s.store, threadId, { holder, ttlMs: s.leaseTtlMs });
    if (multitask !== 'interrupt' && multitask !== 'rollback') return { lease, rollback: false };
    try {
      const superseded = await supersede(client, line, s, threadId, data.forJob ?? job.id!);
      return { lease, rollback: multitask === 'rollback' && (superseded || (data.kind === 'run' && data.stopped === true)) };
    } catch (err) {
      await lease.release();
      throw err;
    }
  } catch (err) {
    const busy = err as { code?: unknown; message?: string; details?: { expiresAt?: number } };
    if (busy.code !== 'THREAD_BUSY') throw err;
    if (multitask === 'reject') throw busyRefusal(threadId, busy.message ?? 'its lease is held');
    if ((multitask === 'interrupt' || multitask === 'rollback') && data.kind === 'run') {
      const marked = await LeaseKeeper.requestStop(s.store, threadId, {
        by: holder,
        reason: `a new input arrived for the thread (${multitask})`,
      });
      // Kept in the job: its next try (in any worker) knows it stopped the thread's run, and where a rollback starts.
      if (marked && data.stopped !== true) await job.updateData({ ...data, stopped: true });
    }
    // Another runner (another job of the thread, or a dead worker whose lease has not expired) holds it: wait, never run beside it.
    const expiresIn = (busy.details?.expiresAt ?? 0) - Date.now();
    const wait = Math.min(BUSY_RETRY_MAX_MS, Math.max(50, expiresIn)) + jitter();
    await delay(job, wait, token);
    throw new DelayedError(`thread "${threadId}" is busy; job ${job.id} waits ${wait} ms`);
  }
}

/**
 * For an 'interrupt' or 'rollback' job that holds the thread: the run that
 * wrote the thread's latest checkpoint, if it did not end (its head is
 * running, or an error such as RUN_STOPPED) and its job is still live, is
 * the run this input replaces, whether it heard the stop or its worker died
 * (before or after the stop request). Its job is marked: handed out again,
 * it ends with RUN_STOPPED instead of continuing its run over this one's.
 * True when there was such a run (a 'rollback' then starts where it started).
 */
async function supersede(client: RedisClient, line: ThreadLine, s: ClaimSettings, threadId: string, self: string): Promise<boolean> {
  const head = await s.store.get(threadId);
  if (!head || (head.status !== 'running' && head.status !== 'error')) return false;
  const owner = decodeCheckpoint(head.bytes, `${threadId}/${head.id}`).context[s.jobContextKey];
  if (typeof owner !== 'string' || owner === self || !(await isLive(client, line, owner))) return false;
  await markStopped(client, line, owner);
  return true;
}

const jitter = () => Math.floor(Math.random() * 50);

/** 'reject': the job fails for good; another attempt would not find the thread free either. */
function busyRefusal(threadId: string, why: string): WeftError {
  return new WeftError('THREAD_BUSY', `thread "${threadId}" is busy (${why}); the job was enqueued with multitask 'reject'`, {
    details: { threadId },
    retryable: false,
  });
}

/**
 * Sends the job back to wait. When BullMQ refuses (this worker lost the job's
 * lock: another worker may have it now; or Redis is unreachable), the job is
 * left as it is: its lock expires and the stalled-job check hands it out again.
 */
async function delay(job: Job, ms: number, token: string | undefined): Promise<void> {
  await job.moveToDelayed(Date.now() + ms, token).catch(() => {});
}
