/**
 * @weft/bullmq — Weft graphs and agents run as BullMQ jobs on Redis.
 * `WeftQueue` enqueues runs and resumes; `WeftWorker` runs them, in any
 * number of processes, holding each thread's lease in one shared
 * `CheckpointStore` (one runner per thread), and continues a job whose
 * worker died from its last checkpoint. Every job's events are a Redis
 * Stream: replayable from the start, from any process. The tasks of a
 * graph's distributed nodes (`distribute`), and an agent's model and tool
 * steps (`agentOptions: { distribute: true }`), go to the queue's task queue
 * as BullMQ flow children of the run's job and run on every worker; with a
 * `signingKey` the workers sign what they hand each other there. No number
 * of worker deaths ends a job: a job BullMQ fails for stalling is put back,
 * and `sweepStalledThreads` (run by every worker on an interval) continues
 * threads whose job is gone.
 *
 * @example
 * import { graph, START, END } from '@weft/graph';
 * import { SqliteStore } from '@weft/store-sqlite';
 * import { WeftQueue, WeftWorker } from '@weft/bullmq';
 *
 * const shout = graph<string, string>({ name: 'shout' })
 *   .addNode('upper', (s: string) => s.toUpperCase())
 *   .addEdge(START, 'upper')
 *   .addEdge('upper', END)
 *   .compile();
 * const targets = { shout };
 * const connection = { host: '127.0.0.1', port: 6379 };
 * const store = new SqliteStore({ path: 'weft.db' });
 * const worker = new WeftWorker({ queue: 'demo', connection, store, targets });
 * const queue = new WeftQueue<typeof targets>({ queue: 'demo', connection });
 * const job = await queue.run('shout', 'hello');
 * for await (const e of job.events()) console.log(e.type);
 * const r = await job.result();
 * if (r.status === 'done') console.log(r.output); // HELLO
 * await queue.close();
 * await worker.close();
 */

// Enqueuing and following jobs
export { WeftQueue } from './weft-queue.ts';
export type { WeftQueueOptions, WeftRunOptions, WeftResumeOptions } from './weft-queue.ts';
export { WeftJob } from './weft-job.ts';
export type { WeftJobReadOptions } from './weft-job.ts';

// Scheduled runs
export type { WeftScheduleOptions, ScheduleOverlap, ScheduleTickData } from './schedule-spec.ts';
export type { ScheduleInfo } from './schedule-info.ts';
export type { ScheduleRun } from './schedule-record.ts';
export type { ScheduleTickSummary } from './schedule-tick.ts';

// Running jobs
export { WeftWorker } from './weft-worker.ts';
export type { WeftWorkerOptions, WeftWorkerCloseOptions } from './weft-worker.ts';
export type { AgentTargetOptions } from './worker-target.ts';
export type { TaskJobOptions } from './queue-dispatcher.ts';
export type { WeftTaskJobData } from './task-job-data.ts';
export { taskQueueName } from './task-job-data.ts';
export type { JobSummary, JobOrigin } from './run-job.ts';
export { JOB_CONTEXT_KEY, ORIGIN_CONTEXT_KEY } from './run-job.ts';

// Threads whose workers died: stalls, and the sweeper
export { sweepStalledThreads } from './sweep-stalled-threads.ts';
export type { SweepOptions, SweepReport, SweptThread } from './sweep-stalled-threads.ts';
export { STALLED_REASON } from './continue-stalled-job.ts';

// Targets and job data
export type { WeftTarget, WeftTargets, VersionedAgent, NewestOf, TargetInput, TargetEvent, TargetResult } from './weft-target.ts';

// Serving several versions of a target (onGraphMismatch: 'pin')
export { versionQueueName } from './version-queue.ts';
export type { VersionCount } from './thread-versions.ts';
export type { WeftJobData, WeftRunJobData, WeftResumeJobData } from './job-data.ts';
export { eventsKey } from './events-stream.ts';

// Errors
export { QueueError } from './errors.ts';
export type { QueueErrorCode } from './errors.ts';
