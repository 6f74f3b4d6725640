import type { RedisClient } from 'bullmq';
import type { Multitask } from '@weft/graph';
import { STALLED_REASON } from './continue-stalled-job.ts';

/**
 * The line of a thread's run jobs, in Redis: a sorted set of job ids scored
 * by their place. `queue.run` numbers each job (one counter per queue) before
 * it adds it, and the job's data keeps its place, so a job missing from the
 * line (its `queue.run` stopped between adding it and writing the line) puts
 * itself back at the same place on its first try. A job runs only once no
 * live job is before it; a job that is gone (completed, failed, removed) is
 * taken out of the line by the next job that looks, so no worker death can
 * leave a thread waiting on a job that will never run. A job BullMQ failed
 * for stalling too often stays in the line: Weft continues such a job (the
 * worker's failed handler, else any worker's sweeper), in its place.
 *
 * 'interrupt' and 'rollback' jobs go before every 'enqueue' and 'reject' job
 * (they stop the run under way and run next), in their own order.
 */
export interface ThreadLine {
  /** The sorted set of the thread's run jobs. */
  key: string;
  /** BullMQ's key prefix of the queue's jobs (`<prefix>:<queue>:`): a job's hash is `<this><id>`. */
  jobs: string;
}

/** How far before the 'enqueue' and 'reject' jobs the 'interrupt' and 'rollback' jobs are placed (scores stay exact doubles). */
const FRONT = 2 ** 52;

export const threadLine = (prefix: string, queue: string, threadId: string): ThreadLine => ({
  key: `${prefix}:weft:${queue}:line:${threadId}`,
  jobs: `${prefix}:${queue}:`,
});

/** The thread's jobs whose run an 'interrupt' or 'rollback' job stopped while their worker was dead (see markStopped). */
const stoppedKey = (line: ThreadLine): string => `${line.key}:stopped`;

const seqKey = (prefix: string, queue: string): string => `${prefix}:weft:${queue}:line-seq`;

// Lua through BullMQ's client interface, as events-stream.ts does: joining and reading the line are one step each.

/** Whether a job is live: its hash is there, it did not complete, and it did not fail (but for stalling, which Weft continues). */
const IS_LIVE_LUA = `
local function isLive(jobs, id, stalled)
  if redis.call('EXISTS', jobs .. id) == 0 or redis.call('ZSCORE', jobs .. 'completed', id) then return false end
  if redis.call('ZSCORE', jobs .. 'failed', id) then return redis.call('HGET', jobs .. id, 'failedReason') == stalled end
  return true
end`;
const LIVE = 'weftJobLive';
const AHEAD = 'weftLineAhead';
/**
 * KEYS[1] line; ARGV[1] jobs prefix, ARGV[2] the job's id (or '' to count the whole line), ARGV[3] its place,
 * ARGV[4] BullMQ's reason for a job failed for stalling: such a job is still live (the worker's failed
 * handler or any worker's sweeper continues it), so the jobs after it keep waiting for it.
 */
const AHEAD_LUA = `${IS_LIVE_LUA}
local upto = '+inf'
if ARGV[2] ~= '' then
  redis.call('ZADD', KEYS[1], 'NX', ARGV[3], ARGV[2])
  upto = '(' .. redis.call('ZSCORE', KEYS[1], ARGV[2])
end
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', upto)
local live = {}
for _, id in ipairs(ids) do
  if not isLive(ARGV[1], id, ARGV[4]) then
    redis.call('ZREM', KEYS[1], id)
  else
    live[#live + 1] = id
  end
end
return live`;
const SEQ = 'weftLineSeq';
const JOIN = 'weftLineJoin';
const STOP = 'weftLineStop';
/** How long a thread's marks of stopped jobs are kept (a stopped job that comes back later than this runs again). */
const STOPPED_TTL_SECONDS = 7 * 24 * 3600;
const defined = new WeakSet<RedisClient>();

function define(client: RedisClient): RedisClient {
  if (defined.has(client)) return client;
  client.defineCommand(AHEAD, { numberOfKeys: 1, lua: AHEAD_LUA });
  client.defineCommand(LIVE, { numberOfKeys: 0, lua: `${IS_LIVE_LUA}\nif isLive(ARGV[1], ARGV[2], ARGV[3]) then return 1 end\nreturn 0` });
  client.defineCommand(SEQ, { numberOfKeys: 1, lua: `return redis.call('INCR', KEYS[1])` });
  client.defineCommand(JOIN, { numberOfKeys: 1, lua: `return redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[2])` });
  client.defineCommand(STOP, {
    numberOfKeys: 1,
    lua: `if ARGV[1] == '' then return redis.call('SISMEMBER', KEYS[1], ARGV[2]) end
redis.call('SADD', KEYS[1], ARGV[2])
return redis.call('EXPIRE', KEYS[1], ARGV[1])`,
  });
  defined.add(client);
  return client;
}

/** A new job's place in its thread's line: after every job numbered before it, or before them all for 'interrupt' and 'rollback'. */
export async function placeInLine(client: RedisClient, prefix: string, queue: string, multitask: Multitask): Promise<number> {
  const seq = (await define(client).runCommand(SEQ, [seqKey(prefix, queue)])) as number;
  return multitask === 'interrupt' || multitask === 'rollback' ? seq - FRONT : seq;
}

/** Writes a job into its thread's line (once `queue.run` added it). */
export async function joinLine(client: RedisClient, line: ThreadLine, jobId: string, place: number): Promise<void> {
  await define(client).runCommand(JOIN, [line.key, place, jobId]);
}

/**
 * The live jobs before this one in its thread's line (putting it back first if
 * it is missing); without a job, the live jobs of the whole line. Gone jobs
 * are taken out on the way.
 */
export async function liveAhead(client: RedisClient, line: ThreadLine, job?: { id: string; place: number }): Promise<string[]> {
  return (await define(client).runCommand(AHEAD, [line.key, line.jobs, job?.id ?? '', job?.place ?? 0, STALLED_REASON])) as string[];
}

/**
 * Marks a job whose run was stopped for a newer input although it never
 * ended (its worker died while it was asked to stop): when BullMQ hands it
 * out again, it does not continue its run over the newer one's (wasStopped).
 */
export async function markStopped(client: RedisClient, line: ThreadLine, jobId: string): Promise<void> {
  await define(client).runCommand(STOP, [stoppedKey(line), STOPPED_TTL_SECONDS, jobId]);
}

/** Whether the job's run was stopped for a newer input (markStopped). */
export async function wasStopped(client: RedisClient, line: ThreadLine, jobId: string): Promise<boolean> {
  return (await define(client).runCommand(STOP, [stoppedKey(line), '', jobId])) === 1;
}

/** Whether a job of the thread's queue is live (not completed, not failed but for stalling, not removed). */
export async function isLive(client: RedisClient, line: ThreadLine, jobId: string): Promise<boolean> {
  return (await define(client).runCommand(LIVE, [line.jobs, jobId, STALLED_REASON])) === 1;
}
