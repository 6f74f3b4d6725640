import { WeftError, type CheckpointStore } from '@weft/graph';
import type { Job, RedisClient } from 'bullmq';
import { recordTick } from './schedule-record.ts';
import type { ScheduleTickData } from './schedule-spec.ts';
import { liveAhead, threadLine } from './thread-line.ts';
import type { WeftQueue } from './weft-queue.ts';

/** What a tick job returns to BullMQ: the run job it added, or that it skipped. */
export interface ScheduleTickSummary {
  status: 'added' | 'skipped';
  schedule: string;
  /** The tick's time (ms since the epoch). */
  tickAt: number;
  threadId: string;
  /** The run job it added (status 'added'). */
  jobId?: string;
}

/** What a tick needs from its worker. */
export interface TickSettings {
  queue: WeftQueue;
  client: RedisClient;
  store: CheckpointStore;
}

/**
 * The tick's time: BullMQ names a scheduler's job `repeat:<scheduler id>:<time it was due>`,
 * one job per due time, so the time is the same however often the job is delivered.
 */
export function tickTime(job: Pick<Job, 'id' | 'timestamp'>): number {
  const due = Number(job.id?.split(':').at(-1));
  return Number.isSafeInteger(due) ? due : job.timestamp;
}

/** The run job a tick adds has an id of its own, so a tick delivered twice adds one run job. */
export const tickJobId = (schedule: string, at: number): string => `schedule-${schedule}-${at}`;

/**
 * Runs a schedule's tick on a worker: adds the tick's run job through the
 * queue (its thread's line and multitask rule as `queue.run` gives them), or,
 * for a fixed thread whose run is still going with overlap 'skip' (or
 * 'reject'), adds nothing and records the tick as skipped.
 */
export async function runScheduleTick(job: Job<ScheduleTickData>, s: TickSettings): Promise<ScheduleTickSummary> {
  const data = job.data;
  const at = tickTime(job);
  const where = { prefix: s.queue.prefix, queue: s.queue.name, schedule: data.schedule };
  const jobId = tickJobId(data.schedule, at);
  const threadId = data.threadId === 'new' ? `${data.schedule}-${at}` : data.threadId;
  const summary = { schedule: data.schedule, tickAt: at, threadId };
  const added = async () => {
    await recordTick(s.client, where, at, jobId);
    return { status: 'added' as const, ...summary, jobId };
  };
  const skipped = async () => {
    await recordTick(s.client, where, at, undefined);
    return { status: 'skipped' as const, ...summary };
  };
  // Delivered again after it added its run job (its worker died in between): that job is the tick's run.
  if (await s.queue.bull.getJob(jobId)) return added();
  if (data.threadId !== 'new' && data.overlap === 'skip' && (await threadBusy(s, threadId))) return skipped();
  const multitask = data.overlap === 'skip' ? 'enqueue' : data.overlap;
  try {
    await s.queue.run(data.target, data.input as never, { threadId, multitask, jobOptions: { jobId } });
  } catch (err) {
    if (err instanceof WeftError && err.code === 'THREAD_BUSY') return skipped();
    throw err;
  }
  return added();
}

/** Whether the thread's run is going (its lease is held) or run jobs for it wait in its line. */
async function threadBusy(s: TickSettings, threadId: string): Promise<boolean> {
  const lease = await s.store.threadLease(threadId);
  if (lease !== undefined && lease.expiresAt > Date.now()) return true;
  return (await liveAhead(s.client, threadLine(s.queue.prefix, s.queue.name, threadId))).length > 0;
}
