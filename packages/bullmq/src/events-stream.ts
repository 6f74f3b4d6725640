import type { RedisClient } from 'bullmq';
import { failedForStalling } from './continue-stalled-job.ts';
import { QueueError } from './errors.ts';
import { errorFromJSON } from '@weft/graph';

/**
 * A job's events in Redis: one Stream per job, key
 * `${prefix}:weft:${queue}:events:${jobId}`. Each event is an entry
 * `{ e: <JSON> }`; the last entry is `{ end: <JSON result> }`, or, for a job
 * that failed without a run result (an unknown target, a refused resume),
 * `{ failed: <JSON error> }`. A redelivered job appends to the same stream,
 * so a reader sees every attempt's events in order and the end once.
 */
export const eventsKey = (prefix: string, queue: string, jobId: string): string => `${prefix}:weft:${queue}:events:${jobId}`;

/** One entry as read: an event, the end (a result), or the job's failure. */
export type StreamEntry = { id: string; kind: 'e' | 'end' | 'failed'; text: string };

// Lua through BullMQ's client interface (ioredis, node-redis, …): one round trip appends a batch and renews the expiry.
const APPEND = 'weftAppendEvents';
const APPEND_LUA = `
for i = 2, #ARGV, 2 do redis.call('XADD', KEYS[1], '*', ARGV[i], ARGV[i + 1]) end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return (#ARGV - 1) / 2`;
const LAST = 'weftLastEvent';
const LAST_LUA = `return redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)`;
const defined = new WeakSet<RedisClient>();

function define(client: RedisClient): void {
  if (defined.has(client)) return;
  client.defineCommand(APPEND, { numberOfKeys: 1, lua: APPEND_LUA });
  client.defineCommand(LAST, { numberOfKeys: 1, lua: LAST_LUA, readOnly: true });
  defined.add(client);
}

/** Appends entries (`[field, text]` pairs) in one round trip, and makes the stream expire `ttlSeconds` after this write. */
export async function appendEntries(
  client: RedisClient,
  key: string,
  ttlSeconds: number,
  entries: readonly [string, string][],
): Promise<void> {
  define(client);
  await client.runCommand(APPEND, [key, ttlSeconds, ...entries.flat()]);
}

/** The stream's last entry, if any. */
export async function lastEntry(client: RedisClient, key: string): Promise<StreamEntry | undefined> {
  define(client);
  const raw = (await client.runCommand(LAST, [key])) as RawEntry[] | null;
  return raw?.length ? toEntry(raw[0]!) : undefined;
}

/** Where a reader reads: the shared client, a blocking one on demand, and the job's BullMQ state when the stream stays silent. */
export interface StreamSource {
  client: Promise<RedisClient>;
  /** A connection of its own for `XREAD BLOCK`, closed by the reader. */
  blockingClient(): Promise<RedisClient>;
  /** The job's BullMQ state ('completed', 'failed', …), undefined when there is no such job. */
  jobState(jobId: string): Promise<{ state: string; failedReason: string | undefined } | undefined>;
  /** How long one blocking read waits before the reader looks at the job's state. */
  blockMs: number;
}

const PAGE = 500;
type RawEntry = [id: string, fields: string[]];

/**
 * The stream's entries from the first, in order, ending
 * after the `end` or `failed` entry. It reads without blocking until it has
 * caught up, so replaying a finished job needs no connection of its own; then
 * it waits on a blocking connection. A job that has disappeared (no job and
 * nothing new) or that BullMQ failed without a `failed` entry ends it with
 * QUEUE_JOB_NOT_FOUND or QUEUE_JOB_FAILED; a job BullMQ failed for stalling
 * is not over: a worker or a sweeper puts it back, and the reader waits on.
 */
export async function* readEntries(source: StreamSource, key: string, jobId: string, signal?: AbortSignal): AsyncGenerator<StreamEntry> {
  let last = '0';
  let blocking: RedisClient | undefined;
  let failedSeen: string | undefined;
  const onAbort = () => blocking?.disconnect();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      signal?.throwIfAborted();
      const client = blocking ?? (await source.client);
      const options = blocking && failedSeen === undefined ? { BLOCK: source.blockMs, COUNT: PAGE } : { COUNT: PAGE };
      const read = (await client.xread([{ key, id: last }], options).catch(aborted(signal))) as [string, RawEntry[]][] | null;
      const raw = read?.[0]?.[1] ?? [];
      for (const r of raw) {
        const entry = toEntry(r);
        last = entry.id;
        yield entry;
        if (entry.kind !== 'e') return;
      }
      if (raw.length === PAGE) continue;
      if (failedSeen !== undefined) throw jobFailed(jobId, failedSeen);
      if (!blocking) {
        // Nothing at all yet: make sure there is a job to wait for before opening a connection for it.
        if (last === '0' && !(await source.jobState(jobId))) throw jobNotFound(jobId, key);
        blocking = await source.blockingClient();
        if (signal?.aborted) onAbort();
        continue;
      }
      if (raw.length > 0) continue;
      // A whole block without an entry; after a failure, read once more without blocking.
      failedSeen = await failureOf(source, key, jobId);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    blocking?.disconnect();
  }
}

/**
 * After a blocking read that got nothing: a job that is gone ends the wait
 * (QUEUE_JOB_NOT_FOUND); a job BullMQ failed gives its reason, so the reader
 * looks once more for the `failed` entry a worker writes before BullMQ marks
 * the job failed, then reports it. A job failed for stalling is being put
 * back (by the worker that failed it, else by a sweeper): not a failure.
 */
async function failureOf(source: StreamSource, key: string, jobId: string): Promise<string | undefined> {
  const job = await source.jobState(jobId);
  if (!job) throw jobNotFound(jobId, key);
  if (job.state !== 'failed' || failedForStalling(job.failedReason)) return undefined;
  return job.failedReason ?? 'unknown reason';
}

/**
 * The stream's `end` or `failed` entry, waiting for it. Unlike reading every
 * entry, it moves only the newest one: after each wake-up it asks for the
 * last entry (XREVRANGE), then blocks for anything after it. The same checks
 * on the job as `readEntries` end the wait for a job that is gone or failed.
 */
export async function waitForEnd(source: StreamSource, key: string, jobId: string, signal?: AbortSignal): Promise<StreamEntry> {
  const shared = await source.client;
  let blocking: RedisClient | undefined;
  let failedSeen: string | undefined;
  const onAbort = () => blocking?.disconnect();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      signal?.throwIfAborted();
      const tip = await lastEntry(shared, key);
      if (tip && tip.kind !== 'e') return tip;
      if (failedSeen !== undefined) throw jobFailed(jobId, failedSeen);
      if (!blocking) {
        if (!tip && !(await source.jobState(jobId))) throw jobNotFound(jobId, key);
        blocking = await source.blockingClient();
        if (signal?.aborted) onAbort();
      }
      const read: unknown = await blocking.xread([{ key, id: tip?.id ?? '0' }], { BLOCK: source.blockMs, COUNT: 1 }).catch(aborted(signal));
      if (read) continue;
      failedSeen = await failureOf(source, key, jobId);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    blocking?.disconnect();
  }
}

/** A read cut by the signal (its connection closed) fails with the signal's reason, not the connection's error. */
const aborted =
  (signal: AbortSignal | undefined) =>
  (err: unknown): never => {
    signal?.throwIfAborted();
    throw err;
  };

function jobNotFound(jobId: string, key: string): QueueError {
  return new QueueError('QUEUE_JOB_NOT_FOUND', `no job "${jobId}" in the queue, and no end in its events (${key})`, {
    details: { jobId, key },
  });
}

function jobFailed(jobId: string, reason: string): QueueError {
  return new QueueError('QUEUE_JOB_FAILED', `job "${jobId}" failed in BullMQ: ${reason}`, { details: { jobId, failedReason: reason } });
}

function toEntry([id, fields]: RawEntry): StreamEntry {
  const [field, text] = fields;
  const kind = field === 'end' || field === 'failed' ? field : 'e';
  return { id, kind, text: text ?? 'null' };
}

/** A `failed` entry's error, rebuilt. */
export function failedEntryError(entry: StreamEntry): Error {
  return errorFromJSON(JSON.parse(entry.text) as Parameters<typeof errorFromJSON>[0]);
}
