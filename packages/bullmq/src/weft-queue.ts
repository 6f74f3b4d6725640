import { randomUUID } from 'node:crypto';
import { WeftError, checkThreadId, type CheckpointStore, type Multitask } from '@weft/graph';
import { Queue, type ConnectionOptions, type DefaultJobOptions, type JobsOptions } from 'bullmq';
import { QueueError } from './errors.ts';
import { eventsKey, type StreamSource } from './events-stream.ts';
import { MULTITASKS, type WeftJobData } from './job-data.ts';
import { listSchedules, type ScheduleInfo } from './schedule-info.ts';
import { forgetScheduleRecord } from './schedule-record.ts';
import { checkSchedule, type WeftScheduleOptions } from './schedule-spec.ts';
import { joinLine, liveAhead, placeInLine, threadLine } from './thread-line.ts';
import { threadVersions, type VersionCount } from './thread-versions.ts';
import { WeftJob } from './weft-job.ts';
import type { TargetEvent, TargetInput, TargetResult, WeftTargets } from './weft-target.ts';

export interface WeftQueueOptions {
  /** The BullMQ queue's name; the workers of the same name run its jobs. */
  queue: string;
  /** BullMQ's connection: ioredis options (`{ host, port }`) or a client. */
  connection: ConnectionOptions;
  /** The workers' store: when given, `resume()` refuses a thread without checkpoints (THREAD_NOT_FOUND) before enqueuing, and `versions()` counts threads by version. */
  store?: CheckpointStore;
  /** BullMQ's key prefix (default 'bull'); workers must use the same. */
  prefix?: string;
  /**
   * BullMQ options for every job (attempts, backoff, priority, removeOnComplete, …),
   * over Weft's defaults: 5 attempts with exponential backoff from 1 s. Only
   * what is not a node's failure uses them (the store or Redis unreachable, a
   * worker that lost its thread): a node that fails ends its run with `error`
   * on the first attempt, as a local run does.
   */
  defaultJobOptions?: DefaultJobOptions;
  /** The workers' target names: when given, `schedule()` refuses any other (QUEUE_SCHEDULE_INVALID) before storing it. */
  targets?: readonly string[];
}

/** Weft's default job options: retries for outages of the store or Redis (see WeftQueueOptions.defaultJobOptions). */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = { attempts: 5, backoff: { type: 'exponential', delay: 1_000 } };

/** How to enqueue a run. */
export interface WeftRunOptions {
  /** The thread the run writes; random when not given. Fixed in the job, so a redelivered job runs the same thread. */
  threadId?: string;
  /** Agents only: session values set before the run (as `Runner.run`'s). */
  sessionValues?: Record<string, unknown>;
  /** BullMQ's options for this job (priority, delay, attempts, backoff, jobId, …). */
  jobOptions?: JobsOptions;
  /**
   * What the job does when its thread is being run (a user wrote while a run is going):
   * - `'enqueue'` (default): it runs after the thread's jobs `queue.run` added before it, in that order,
   *   each once the one before ended (completed or failed), whichever workers run them.
   * - `'reject'`: `queue.run` refuses with THREAD_BUSY when the thread's lease is held (needs the queue's
   *   `store`) or jobs for it wait; a job that still finds the thread busy when it starts fails with THREAD_BUSY, not retried.
   * - `'interrupt'`: the job goes before the waiting jobs, asks the run under way to stop at its next step
   *   boundary (that run ends with RUN_STOPPED, its checkpoints stay), and runs from the thread's latest state.
   * - `'rollback'`: the same, but runs from the checkpoint the stopped run started from (its checkpoints stay as a branch).
   */
  multitask?: Multitask;
}

/** How to enqueue a resume: as `compiled.resume()` / `runner.resume()` take it. */
export interface WeftResumeOptions {
  threadId: string;
  /** Default: the thread's latest checkpoint. */
  checkpointId?: string;
  /** Values for the pending interrupts, by interrupt id; none continues a thread that stopped at an error. */
  resume?: Record<string, unknown>;
  /** Agents only: session values set before continuing. */
  sessionValues?: Record<string, unknown>;
  jobOptions?: JobsOptions;
}

/** How long a blocking read of a job's events waits before it checks on the job. */
const BLOCK_MS = 2_000;

/**
 * Enqueues runs and resumes of a worker's targets as BullMQ jobs, and hands
 * out `WeftJob`s to follow them. Type it with the worker's targets to type
 * inputs, events and results: `new WeftQueue<typeof targets>(…)`.
 *
 * @example
 * const queue = new WeftQueue<typeof targets>({ queue: 'support', connection: { host: '127.0.0.1', port: 6379 } });
 * const job = await queue.run('support', 'Where is my order?', { threadId: 'customer-7' });
 * const result = await job.result(); // an AgentRunResult, as runner.query() gives
 * await queue.close();
 */
export class WeftQueue<T extends WeftTargets = WeftTargets> {
  /** The BullMQ Queue underneath (counts, pausing, cleaning, dashboards). */
  readonly bull: Queue;
  readonly name: string;
  readonly prefix: string;
  readonly #store: CheckpointStore | undefined;
  readonly #targets: readonly string[] | undefined;
  readonly #connection: ConnectionOptions;
  readonly #source: StreamSource;
  #closed: Promise<void> | undefined;

  constructor(options: WeftQueueOptions) {
    if (options === null || typeof options !== 'object')
      throw new QueueError('INVALID_ARGUMENT', 'new WeftQueue({ queue, connection, store? }) takes an options object');
    checkQueueName(options.queue, 'WeftQueue');
    if (options.connection === null || typeof options.connection !== 'object')
      throw new QueueError('INVALID_ARGUMENT', 'new WeftQueue(): connection must be ioredis options ({ host, port }) or a client');
    this.name = options.queue;
    this.prefix = options.prefix ?? 'bull';
    this.#store = options.store;
    this.#targets = options.targets;
    this.#connection = options.connection;
    this.bull = new Queue(options.queue, {
      connection: options.connection,
      prefix: this.prefix,
      defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...options.defaultJobOptions },
    });
    const bull = this.bull;
    this.#source = {
      get client() {
        return bull.client;
      },
      blockingClient: async () => {
        const client = (await bull.client).duplicate();
        // A reader's own connection: while Redis is down its reads fail and are retried by the reader; ioredis
        // would otherwise print every reconnection failure as an unhandled 'error' event.
        client.on('error', () => {});
        return client;
      },
      jobState: async (id) => {
        const state = await bull.getJobState(id);
        if (state === 'unknown') return undefined;
        const failedReason = state === 'failed' ? (await bull.getJob(id))?.failedReason : undefined;
        return { state, failedReason };
      },
      blockMs: BLOCK_MS,
    };
  }

  /**
   * Enqueues a run of `target` (a name the workers know) with `input`: a
   * graph's run input, or an agent's query text or messages. `multitask`
   * says what the job does when its thread is being run (default 'enqueue':
   * after the thread's jobs added before it).
   *
   * @example
   * const first = await queue.run('support', 'Where is my order?', { threadId: 'customer-7' });
   * const next = await queue.run('support', 'It is A-17.', { threadId: 'customer-7' }); // runs after `first`
   * const instead = await queue.run('support', 'Cancel it.', { threadId: 'customer-7', multitask: 'interrupt' });
   */
  async run<K extends keyof T & string>(
    target: K,
    input: TargetInput<T[K]>,
    options: WeftRunOptions = {},
  ): Promise<WeftJob<TargetEvent<T[K]>, TargetResult<T[K]>>> {
    checkTargetName(target);
    if (options.threadId !== undefined) checkThreadId(options.threadId, 'queue.run()');
    const multitask = options.multitask ?? 'enqueue';
    if (!MULTITASKS.includes(multitask))
      throw new QueueError(
        'INVALID_ARGUMENT',
        `queue.run(): multitask must be one of ${MULTITASKS.map((m) => `'${m}'`).join(', ')}, got ${JSON.stringify(multitask)}`,
      );
    if (this.#closed) throw new QueueError('QUEUE_CLOSED', `queue "${this.name}" is closed`);
    const threadId = options.threadId ?? randomUUID();
    const line = threadLine(this.prefix, this.name, threadId);
    const client = await this.bull.client;
    if (multitask === 'reject') await this.#refuseBusy(client, line, threadId);
    // Numbered before it is added, so the line keeps `queue.run`'s order even if this process stops in between.
    const place = await placeInLine(client, this.prefix, this.name, multitask);
    const data: WeftJobData = {
      kind: 'run',
      target,
      threadId,
      input: input as unknown,
      ...(options.sessionValues ? { sessionValues: options.sessionValues } : {}),
      multitask,
      place,
    };
    const job = await this.#add<TargetEvent<T[K]>, TargetResult<T[K]>>(data, options.jobOptions);
    await joinLine(client, line, job.id, place);
    return job;
  }

  /** 'reject': THREAD_BUSY when the thread's lease is held or run jobs for it wait; nothing is added. */
  async #refuseBusy(client: Awaited<Queue['client']>, line: ReturnType<typeof threadLine>, threadId: string): Promise<void> {
    const lease = this.#store ? await this.#store.threadLease(threadId) : undefined;
    const held = lease !== undefined && lease.expiresAt > Date.now();
    const waiting = await liveAhead(client, line);
    if (!held && waiting.length === 0) return;
    throw new WeftError(
      'THREAD_BUSY',
      `thread "${threadId}" is ${held ? `being run by ${lease.holder}` : `waited on by job ${waiting.join(', ')}`}: wait for its end, or enqueue with multitask 'enqueue', 'interrupt' or 'rollback'`,
      { details: { threadId, ...(held ? { holder: lease.holder, expiresAt: lease.expiresAt } : {}), jobs: waiting } },
    );
  }

  /** Enqueues a resume of a thread: values for its interrupts, or none to continue it after an error. */
  async resume<K extends keyof T & string>(target: K, options: WeftResumeOptions): Promise<WeftJob<TargetEvent<T[K]>, TargetResult<T[K]>>> {
    checkTargetName(target);
    if (options === null || typeof options !== 'object')
      throw new QueueError('INVALID_ARGUMENT', 'queue.resume(target, { threadId, resume }) takes an options object');
    checkThreadId(options.threadId, 'queue.resume()');
    if (this.#store && !(await this.#store.get(options.threadId)))
      throw new WeftError('THREAD_NOT_FOUND', `thread "${options.threadId}" has no checkpoints; start it with queue.run()`, {
        details: { threadId: options.threadId },
      });
    const data: WeftJobData = {
      kind: 'resume',
      target,
      threadId: options.threadId,
      ...(options.checkpointId !== undefined ? { checkpointId: options.checkpointId } : {}),
      ...(options.resume ? { resume: options.resume } : {}),
      ...(options.sessionValues ? { sessionValues: options.sessionValues } : {}),
    };
    return this.#add(data, options.jobOptions);
  }

  /**
   * How many of the queue's threads each version of each target wrote last
   * (not ended, and ended), and how many jobs wait in each version's queue
   * for a worker that serves it: with `onGraphMismatch: 'pin'`, an old
   * version can be retired once no thread waits on it. Needs the workers'
   * `store` (INVALID_ARGUMENT without it). Reads every thread's head: an
   * operator's question, not a hot path.
   *
   * @example
   * for (const v of await queue.versions()) console.log(v.target, v.version ?? v.hash, v.threads, v.waitingJobs);
   */
  async versions(): Promise<VersionCount[]> {
    if (!this.#store)
      throw new QueueError(
        'INVALID_ARGUMENT',
        "queue.versions() reads the threads: give the queue the workers' store (new WeftQueue({ store }))",
      );
    return threadVersions({ queue: this.name, prefix: this.prefix, connection: this.#connection, store: this.#store });
  }

  /**
   * Adds a schedule (or replaces the one with this id): a BullMQ job
   * scheduler whose every tick a worker turns into a run job of `target`
   * (see WeftScheduleOptions for threads and overlap). BullMQ keeps one
   * pending tick per schedule, so ticks missed while no worker ran come
   * back as ONE tick when a worker starts, then the schedule goes on from
   * the current time. A bad schedule is refused (QUEUE_SCHEDULE_INVALID)
   * before anything is stored.
   *
   * @example
   * await queue.schedule('nightly-digest', { target: 'digest', cron: '0 6 * * *', timezone: 'Europe/Paris', input: { days: 1 } });
   * await queue.schedule('poll-inbox', { target: 'inbox', everyMs: 60_000, threadId: 'inbox', overlap: 'skip' });
   */
  async schedule<K extends keyof T & string>(id: string, options: WeftScheduleOptions<K, TargetInput<T[K]>>): Promise<ScheduleInfo> {
    const { data, repeat } = checkSchedule(id, options, this.#targets);
    if (this.#closed) throw new QueueError('QUEUE_CLOSED', `queue "${this.name}" is closed`);
    await this.bull.upsertJobScheduler(id, repeat, { name: data.target, data });
    const found = (await listSchedules(this.bull, this.prefix)).find((s) => s.id === id);
    return found!; // just written
  }

  /** The queue's schedules, by id, with their next tick and their latest runs and skipped ticks. */
  async schedules(): Promise<ScheduleInfo[]> {
    if (this.#closed) throw new QueueError('QUEUE_CLOSED', `queue "${this.name}" is closed`);
    return listSchedules(this.bull, this.prefix);
  }

  /** Removes a schedule and its pending tick (run jobs already added stay); false when there was none. */
  async unschedule(id: string): Promise<boolean> {
    if (typeof id !== 'string' || !id) throw new QueueError('INVALID_ARGUMENT', 'queue.unschedule(id) takes a schedule id');
    if (this.#closed) throw new QueueError('QUEUE_CLOSED', `queue "${this.name}" is closed`);
    const removed = await this.bull.removeJobScheduler(id);
    await forgetScheduleRecord(await this.bull.client, { prefix: this.prefix, queue: this.name, schedule: id });
    return removed;
  }

  /** A handle on an existing job, by its id (from any process). */
  job(jobId: string): WeftJob {
    if (typeof jobId !== 'string' || !jobId) throw new QueueError('INVALID_ARGUMENT', 'queue.job(id) takes a job id');
    return new WeftJob(jobId, undefined, eventsKey(this.prefix, this.name, jobId), this.#source);
  }

  /** Closes the queue's connection; jobs already enqueued stay for the workers. Closing twice is a no-op. */
  async close(): Promise<void> {
    this.#closed ??= this.bull.close();
    await this.#closed;
  }

  async #add<E, R>(data: WeftJobData, jobOptions: JobsOptions | undefined): Promise<WeftJob<E, R>> {
    if (this.#closed) throw new QueueError('QUEUE_CLOSED', `queue "${this.name}" is closed`);
    const job = await this.bull.add(data.target, data, jobOptions);
    const id = job.id!; // BullMQ gives every added job an id
    return new WeftJob<E, R>(id, data.threadId, eventsKey(this.prefix, this.name, id), this.#source);
  }
}

/** A queue name BullMQ accepts (no ':' — it separates the parts of its keys). */
export function checkQueueName(name: unknown, where: string): asserts name is string {
  if (typeof name !== 'string' || !name || name.includes(':'))
    throw new QueueError('INVALID_ARGUMENT', `${where}: queue must be a non-empty name without ':', got ${JSON.stringify(name)}`);
}

function checkTargetName(target: unknown): void {
  if (typeof target !== 'string' || !target)
    throw new QueueError('INVALID_ARGUMENT', `the target must be the name of one of the workers' targets, got ${JSON.stringify(target)}`);
}
