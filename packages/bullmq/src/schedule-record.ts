import type { RedisClient } from 'bullmq';

/** How many of a schedule's latest runs and skipped ticks are kept. */
export const SCHEDULE_RECORD_LIMIT = 100;

/** A tick's run job, as a schedule records it. */
export interface ScheduleRun {
  /** The tick's time (ms since the epoch): when it was due, not when a worker took it. */
  at: number;
  jobId: string;
}

/** What a schedule's ticks did: its latest runs and skipped ticks, oldest first. */
export interface ScheduleRecord {
  runs: ScheduleRun[];
  /** The times of the ticks that found their fixed thread busy and added nothing. */
  skipped: number[];
}

const RECORD = 'weftScheduleRecord';
const defined = new WeakSet<RedisClient>();

/** KEYS[1] the record's sorted set; ARGV[1] the tick's time, ARGV[2] the member, ARGV[3] how many to keep. One step, as thread-line.ts does. */
function define(client: RedisClient): RedisClient {
  if (defined.has(client)) return client;
  client.defineCommand(RECORD, {
    numberOfKeys: 1,
    lua: `redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
return redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[3]) - 1)`,
  });
  defined.add(client);
  return client;
}

const key = (prefix: string, queue: string, schedule: string, what: 'runs' | 'skipped'): string =>
  `${prefix}:weft:${queue}:schedule:${schedule}:${what}`;

/**
 * Records a tick's outcome: members are the run's job id or the tick's time,
 * so a tick delivered twice is recorded once. Only the latest
 * SCHEDULE_RECORD_LIMIT of each are kept.
 */
export async function recordTick(
  client: RedisClient,
  where: { prefix: string; queue: string; schedule: string },
  at: number,
  jobId: string | undefined,
): Promise<void> {
  const k = key(where.prefix, where.queue, where.schedule, jobId === undefined ? 'skipped' : 'runs');
  await define(client).runCommand(RECORD, [k, at, jobId ?? String(at), SCHEDULE_RECORD_LIMIT]);
}

/** A schedule's recorded ticks. */
export async function readScheduleRecord(
  client: RedisClient,
  where: { prefix: string; queue: string; schedule: string },
): Promise<ScheduleRecord> {
  const pairs = async (what: 'runs' | 'skipped') => {
    const flat = await client.zrange(key(where.prefix, where.queue, where.schedule, what), 0, -1, { WITHSCORES: true });
    const out: [string, number][] = [];
    for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, Number(flat[i + 1])]);
    return out;
  };
  const runs = (await pairs('runs')).map(([jobId, at]) => ({ at, jobId }));
  const skipped = (await pairs('skipped')).map(([, at]) => at);
  return { runs, skipped };
}

/** Forgets a schedule's recorded ticks (once it is removed). */
export async function forgetScheduleRecord(client: RedisClient, where: { prefix: string; queue: string; schedule: string }): Promise<void> {
  await client.del(key(where.prefix, where.queue, where.schedule, 'runs'), key(where.prefix, where.queue, where.schedule, 'skipped'));
}
