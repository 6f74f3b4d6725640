import type { CliIo } from './cli-io.ts';
import type { BullJob, Worker } from './load-bullmq.ts';
import { oneLine } from './report-error.ts';
import { terminalSafe } from './terminal-safe.ts';

/**
 * What `weft worker` prints while it serves: a line when it starts a job and
 * one when the job ends (its run's status: done, interrupted, error; or the
 * job failed), so with several workers one sees which took what — the jobs
 * of the main queue and of the version queues it takes pinned threads from
 * alike; and on stderr each new Redis connection error (ioredis retries on
 * its own, for as long as it takes: the worker goes on once Redis is back).
 */
export function printWorkerJobs(worker: Worker, io: Pick<CliIo, 'stdout' | 'stderr'>): void {
  const line = (text: string) => io.stdout(`${terminalSafe(text)}\n`);
  const about = (job: BullJob | undefined) =>
    job ? `job ${job.id ?? '?'} · ${job.data.kind} ${job.data.target} · thread ${job.data.threadId}` : 'a job';
  let last = '';
  for (const bull of [worker.bull, ...worker.pinned]) {
    bull.on('active', (job) => line(`${about(job)} · started`));
    bull.on('completed', (job, result) => line(`${about(job)} · ${result.status}`));
    bull.on('failed', (job, error) => line(`${about(job)} · failed: ${oneLine(error.message)}`));
    bull.on('error', (error) => {
      if (error.message === last) return;
      last = error.message;
      io.stderr(`${terminalSafe(`weft worker: ${oneLine(error.message)} (retrying)`)}\n`);
    });
  }
}
