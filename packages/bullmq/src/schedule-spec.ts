import type { Multitask } from '@weft/graph';
import { getNextMillis } from 'bullmq';
import { QueueError } from './errors.ts';
import { MULTITASKS } from './job-data.ts';

/** What a tick does when its fixed thread's run is still going: skip the tick, or a run job with this multitask strategy. */
export type ScheduleOverlap = 'skip' | Multitask;

/** A schedule of runs of one target (see `WeftQueue.schedule`). */
export interface WeftScheduleOptions<K extends string = string, I = unknown> {
  /** The name of one of the workers' targets. */
  target: K;
  /** A cron pattern (5 fields, or 6 with seconds first), read in `timezone`. Exactly one of `cron` and `everyMs`. */
  cron?: string;
  /** A period in milliseconds (a positive integer). Exactly one of `cron` and `everyMs`. */
  everyMs?: number;
  /** The input of every tick's run (plain JSON): a graph's run input, or an agent's query text or messages. */
  input?: I;
  /**
   * `'new'` (default): each tick runs a fresh thread, `<schedule id>-<tick time in ms>`, so a tick
   * delivered twice writes one thread. Any other string: every tick runs that thread, and `overlap` decides
   * what a tick does while the thread's run is still going.
   */
  threadId?: string;
  /** An IANA time zone for `cron` (default: the workers' zone). */
  timezone?: string;
  /**
   * With a fixed thread: `'skip'` (default) records a tick that finds the thread's lease held or its run jobs
   * waiting as skipped and adds nothing; a multitask strategy adds the tick's run job with it ('enqueue' after the
   * jobs before it, 'interrupt' / 'rollback' stopping the run under way, 'reject' recorded as skipped when busy).
   */
  overlap?: ScheduleOverlap;
}

/** What a schedule's tick job carries in BullMQ: the schedule itself (every tick is a copy of it). */
export interface ScheduleTickData {
  kind: 'tick';
  schedule: string;
  target: string;
  input?: unknown;
  /** `'new'` or a fixed thread id. */
  threadId: string;
  overlap: ScheduleOverlap;
}

/** BullMQ's repeat options of a checked schedule. */
export interface ScheduleRepeat {
  pattern?: string;
  every?: number;
  tz?: string;
}

const OVERLAPS: readonly ScheduleOverlap[] = ['skip', ...MULTITASKS];

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks a schedule before anything is stored: a bad id, cron pattern, period,
 * time zone, overlap or target is a QUEUE_SCHEDULE_INVALID error naming what
 * to change. `targets`, when the queue knows them, are the names it accepts.
 */
export function checkSchedule(
  id: unknown,
  options: unknown,
  targets: readonly string[] | undefined,
): { data: ScheduleTickData; repeat: ScheduleRepeat } {
  const bad = (why: string) =>
    new QueueError('QUEUE_SCHEDULE_INVALID', `queue.schedule(${JSON.stringify(id)}): ${why}`, { details: { schedule: String(id) } });
  if (typeof id !== 'string' || !id || id.includes(':')) throw bad("the id must be a non-empty name without ':'");
  if (!isRecord(options)) throw bad('takes { target, cron | everyMs, input, threadId, timezone, overlap }');
  const { target, cron, everyMs, timezone, input } = options;
  if (typeof target !== 'string' || !target)
    throw bad(`target must be the name of one of the workers' targets, got ${JSON.stringify(target)}`);
  if (targets && !targets.includes(target))
    throw bad(`unknown target "${target}"; the workers run ${targets.map((t) => `"${t}"`).join(', ')}`);
  if ((cron === undefined) === (everyMs === undefined)) throw bad('give exactly one of cron (a pattern) and everyMs (a period)');
  if (everyMs !== undefined && (!Number.isSafeInteger(everyMs) || (everyMs as number) <= 0))
    throw bad(`everyMs must be a positive whole number of milliseconds, got ${JSON.stringify(everyMs)}`);
  if (timezone !== undefined) checkTimezone(timezone, bad);
  if (cron !== undefined) checkCron(cron, timezone as string | undefined, bad);
  const threadId = options['threadId'] ?? 'new';
  if (typeof threadId !== 'string' || !threadId || threadId.includes('\0'))
    throw bad(`threadId must be 'new' or a thread id, got ${JSON.stringify(threadId)}`);
  const overlap = options['overlap'] ?? 'skip';
  if (!OVERLAPS.includes(overlap as ScheduleOverlap))
    throw bad(`overlap must be one of ${OVERLAPS.map((o) => `'${o}'`).join(', ')}, got ${JSON.stringify(overlap)}`);
  const data: ScheduleTickData = {
    kind: 'tick',
    schedule: id,
    target,
    ...(input !== undefined ? { input } : {}),
    threadId,
    overlap: overlap as ScheduleOverlap,
  };
  const repeat: ScheduleRepeat =
    cron !== undefined
      ? { pattern: cron as string, ...(timezone !== undefined ? { tz: timezone as string } : {}) }
      : { every: everyMs as number };
  return { data, repeat };
}

function checkTimezone(timezone: unknown, bad: (why: string) => QueueError): void {
  try {
    if (typeof timezone !== 'string' || !timezone) throw new RangeError('not a string');
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw bad(`timezone must be an IANA time zone such as "Europe/Paris", got ${JSON.stringify(timezone)}`);
  }
}

/** Asks BullMQ's own cron reading (what its job schedulers use) for the pattern's next time. */
function checkCron(cron: unknown, tz: string | undefined, bad: (why: string) => QueueError): void {
  let next: number | undefined;
  try {
    if (typeof cron !== 'string' || !cron.trim()) throw new Error('not a pattern');
    next = getNextMillis(Date.now(), { pattern: cron, ...(tz !== undefined ? { tz } : {}) });
  } catch (err) {
    const why = err instanceof Error && err.message !== 'not a pattern' ? ` (${err.message})` : '';
    throw bad(`cron must be a cron pattern such as "0 9 * * 1-5", got ${JSON.stringify(cron)}${why}`);
  }
  if (next === undefined) throw bad(`cron pattern ${JSON.stringify(cron)} never comes again`);
}

/** Whether a job's data is a schedule's tick (the worker adds the tick's run job instead of running it). */
export function isScheduleTick(data: unknown): data is ScheduleTickData {
  return isRecord(data) && data['kind'] === 'tick' && typeof data['schedule'] === 'string' && typeof data['target'] === 'string';
}
