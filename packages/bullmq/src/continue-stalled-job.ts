import type { Job, Queue, RedisClient } from 'bullmq';

/**
 * The reason BullMQ gives a job it failed because its workers stopped
 * renewing its lock more often than `maxStalledCount` allows (BullMQ 5:
 * the job is marked when it stalls once too often, and the next worker to
 * take it fails it without running it). A Weft job failed for it is put
 * back, not ended: a job's `failed` event with this reason is no failure.
 *
 * @example
 * worker.bull.on('failed', (job, err) => {
 *   if (err.message !== STALLED_REASON) console.error(`job ${job?.id} failed:`, err.message);
 * });
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

// Lua through BullMQ's client interface, as events-stream.ts does: one round trip reads a page of the failed set's reasons.
const FIND = 'weftStalledFailures';
const FIND_LUA = `
local ids = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2])
local out = {}
for _, id in ipairs(ids) do
  if redis.call('HGET', ARGV[3] .. id, 'failedReason') == ARGV[4] then out[#out + 1] = id end
end
return {#ids, out}`;
const PAGE = 1_000;
const defined = new WeakSet<RedisClient>();

/**
 * The ids of a queue's jobs that BullMQ failed for stalling, read from its
 * failed set a page at a time (each page one short script, so a long failed
 * set never blocks Redis for long).
 */
export async function stalledFailures(queue: Queue): Promise<string[]> {
  const client = await queue.client;
  if (!defined.has(client)) {
    client.defineCommand(FIND, { numberOfKeys: 1, lua: FIND_LUA, readOnly: true });
    defined.add(client);
  }
  const ids: string[] = [];
  for (let start = 0; ; start += PAGE) {
    const [read, found] = (await client.runCommand(FIND, [
      queue.toKey('failed'),
      start,
      start + PAGE - 1,
      queue.toKey(''),
      STALLED_REASON,
    ])) as [number, string[]];
    ids.push(...found);
    if (read < PAGE) return ids;
  }
}
