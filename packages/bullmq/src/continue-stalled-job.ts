import type { Job } from 'bullmq';

/**
 * The reason BullMQ gives a job it failed because its workers stopped
 * renewing its lock more often than `maxStalledCount` allows (BullMQ 5:
 * the job is marked when it stalls once too often, and the next worker to
 * take it fails it without running it).
 */
export const STALLED_REASON = 'job stalled more than allowable limit';

/**
 * Weft workers' `maxStalledCount` unless their options set one: no number of
 * worker deaths fails a Weft job. The thread's lease keeps one runner at a
 * time and the checkpoints make running the cut step again safe, so a stall
 * only ever means "continue from the last checkpoint".
 */
export const UNLIMITED_STALLS = Number.MAX_SAFE_INTEGER;

/** Whether BullMQ failed a job for stalling (and for nothing else). */
export const failedForStalling = (reason: string | null | undefined): boolean => reason === STALLED_REASON;

/**
 * Puts a job that BullMQ failed for stalling back in the queue: the same job
 * (id, data, events stream, parent), so whoever follows it keeps following
 * it, and a redelivered run continues from its own last checkpoint. BullMQ
 * moves a job out of `failed` atomically, so when several callers try (the
 * worker that failed it, sweepers in other processes) exactly one succeeds:
 * resolves to true for that one, and to false when the job is no longer a
 * stalled failure (continued already, removed, or failed for another reason).
 */
export async function continueStalledJob(job: Job): Promise<boolean> {
  if (!failedForStalling(job.failedReason)) return false;
  try {
    await job.retry('failed');
    return true;
  } catch (err) {
    // Someone else moved it first (or removed it): not ours to continue. Any other failure (Redis) is the caller's.
    if ((await job.getState()) !== 'failed') return false;
    throw err;
  }
}
