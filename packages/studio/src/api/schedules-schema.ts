import { z } from 'zod';

/** GET /api/schedules' answer: the schedules of the queue the studio runs on (@weft/bullmq's `queue.schedules()`). */
export const schedulesResponse = z.object({
  schedules: z.array(
    z.object({
      id: z.string(),
      target: z.string().describe('the name the workers serve the target under'),
      cron: z.string().optional().describe('a cron pattern (or everyMs)'),
      everyMs: z.number().optional().describe('a period in milliseconds (or cron)'),
      timezone: z.string().optional().describe('the IANA time zone of cron'),
      threadId: z.string().describe("'new' (a fresh thread per tick) or the thread every tick runs"),
      overlap: z.string().describe("what a tick does while a fixed thread's run goes on: skip, or a multitask strategy"),
      input: z.unknown().optional().describe('every tick’s run input'),
      next: z.number().optional().describe('when the next tick is due, epoch milliseconds'),
      runs: z
        .array(z.object({ at: z.number().describe('the tick’s due time, epoch milliseconds'), jobId: z.string() }))
        .describe('the latest ticks’ run jobs, oldest first'),
      skipped: z.array(z.number()).describe('the latest skipped ticks’ due times, oldest first'),
    }),
  ),
});

export type SchedulesResponse = z.infer<typeof schedulesResponse>;
