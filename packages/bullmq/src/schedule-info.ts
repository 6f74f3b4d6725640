import type { Queue } from 'bullmq';
import { readScheduleRecord, type ScheduleRun } from './schedule-record.ts';
import { isScheduleTick, type ScheduleOverlap } from './schedule-spec.ts';

/** A queue's schedule as `queue.schedules()` lists it. */
export interface ScheduleInfo {
  id: string;
  target: string;
  cron?: string;
  everyMs?: number;
  timezone?: string;
  /** `'new'` or the fixed thread every tick runs. */
  threadId: string;
  overlap: ScheduleOverlap;
  input?: unknown;
  /** When the next tick is due (ms since the epoch); none once BullMQ has no next tick. */
  next?: number;
  /** The latest ticks' run jobs (up to 100), oldest first. */
  runs: ScheduleRun[];
  /** The latest skipped ticks' times (up to 100), oldest first. */
  skipped: number[];
}

/** The queue's Weft schedules (BullMQ job schedulers whose template is a Weft tick), by id. */
export async function listSchedules(bull: Queue, prefix: string): Promise<ScheduleInfo[]> {
  const client = await bull.client;
  const out: ScheduleInfo[] = [];
  for (const s of await bull.getJobSchedulers(0, -1, true)) {
    const data = s.template?.data;
    if (!isScheduleTick(data)) continue;
    const record = await readScheduleRecord(client, { prefix, queue: bull.name, schedule: s.key });
    out.push({
      id: s.key,
      target: data.target,
      ...(s.pattern ? { cron: s.pattern } : {}),
      ...(s.every ? { everyMs: Number(s.every) } : {}),
      ...(s.tz ? { timezone: s.tz } : {}),
      threadId: data.threadId,
      overlap: data.overlap,
      ...(data.input !== undefined ? { input: data.input } : {}),
      ...(s.next !== undefined && s.next !== null ? { next: Number(s.next) } : {}),
      ...record,
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
