import { hostname } from 'node:os';
import type { AnyCompiledGraph, CheckpointStore, Instrumentation } from '@weft/graph';
import { Queue, Worker, type ConnectionOptions, type Job, type WorkerOptions } from 'bullmq';
import { UNLIMITED_STALLS, continueStalledJob, failedForStalling } from './continue-stalled-job.ts';
import { QueueError } from './errors.ts';
import type { WeftJobData } from './job-data.ts';
import { checkWorkerOptions } from './check-worker-options.ts';
import { QueueDispatcher, type TaskJobOptions } from './queue-dispatcher.ts';
import { runJob, type JobSettings, type JobSummary } from './run-job.ts';
import { runTaskJob } from './run-task-job.ts';
import { isScheduleTick, type ScheduleTickData } from './schedule-spec.ts';
import { runScheduleTick, type ScheduleTickSummary } from './schedule-tick.ts';
import { taskQueueName, type WeftTaskJobData } from './task-job-data.ts';
import { TaskSigner } from './task-signer.ts';
import { ThreadSweeper } from './thread-sweeper.ts';
import { versionQueueName } from './version-queue.ts';
import { WeftQueue } from './weft-queue.ts';
import type { WeftTargets } from './weft-target.ts';
import { workerVersions, type AgentTargetOptions, type WorkerTarget } from './worker-target.ts';

export interface WeftWorkerOptions<T extends WeftTargets = WeftTargets> {
  /** The BullMQ queue to take jobs from (a WeftQueue of the same name fills it). */
  queue: string;
  /** BullMQ's connection: ioredis options (`{ host, port }`) or a client. */
  connection: ConnectionOptions;
  /** Where runs keep their checkpoints: one store every worker of the queue shares (PostgreSQL, a SQLite file on one machine). */
  store: CheckpointStore;
  /**
   * What jobs may run, by the name they give: compiled graphs and agents, or
   * a name's versions oldest first (`{ refunds: [refundsV1, refundsV2] }`):
   * new threads run on the newest, a thread on the version that wrote it,
   * and a thread pinned to a version this worker lacks goes to that
   * version's queue (see "Serving several versions" in the README).
   */
  targets: T;
  /** Jobs this worker runs at once (default 1). */
  concurrency?: number;
  /** BullMQ's key prefix (default 'bull'); the queue must use the same. */
  prefix?: string;
  /**
   * BullMQ's own worker options: lockDuration, stalledInterval, limiter, …
   * `maxStalledCount` is unlimited unless set here; a job BullMQ fails for
   * stalling past a limit set here is put back in the queue all the same:
   * worker deaths never end a Weft job.
   */
  workerOptions?: Omit<WorkerOptions, 'connection' | 'concurrency' | 'prefix' | 'autorun'>;
  /**
   * The thread lease of each run (default 5,000 ms): how long a thread whose
   * worker died stays closed to others. The run renews it every third of it.
   */
  leaseTtlMs?: number;
  /** How long a job's events are kept after its last entry (default 86,400 s: a day). */
  eventsTtlSeconds?: number;
  /**
   * Values saved with every checkpoint of the runs this worker makes (as
   * `compiled.run(input, { context })` saves them; the job's id is added as
   * `weftJob`). `weft worker` saves the module it serves, so `weft resume`
   * finds it from the thread alone.
   */
  context?: Record<string, unknown>;
  /** Names this worker in THREAD_BUSY errors and `threadLease()` (default `host:pid`); the job id is added. */
  holder?: string;
  /**
   * Take only the jobs of threads pinned to a version this worker serves
   * (from their version queues), never the main queue's: a worker kept on an
   * old version to finish its threads while newer workers take new runs
   * (default false).
   */
  pinnedOnly?: boolean;
  /** Start taking jobs at once (default true); else call `run()` on `worker.bull` and each of `worker.pinned`. */
  autorun?: boolean;
  /**
   * Distributed tasks this worker runs at once (default: `concurrency`). When
   * a graph target has distributed nodes (`distribute`), the worker also takes
   * task jobs from the queue's task queue (`<queue>-tasks`), in slots of their
   * own: a run waiting for its step's tasks never takes a slot they need.
   */
  taskConcurrency?: number;
  /**
   * How agent targets run (the Runner's options): `streaming` for chunk events
   * in the job's stream, `distribute` to send every agent's model and tool
   * steps to the task queue (parallel sub-agents then run on several workers),
   * `maxSteps`, `modelCallLimits`, `checkpoints`; and `sessionValues`, the
   * defaults of every agent job's session (a job's own values override them;
   * a resume keeps the values its thread has). `weft worker` gives a module's
   * `export const sessionValues` here.
   */
  agentOptions?: AgentTargetOptions;
  /**
   * Observers of every run this worker makes (`otelInstrumentation()` from
   * @weft/otel): a thread's trace goes on across resumes and across workers.
   */
  instrumentation?: readonly Instrumentation[];
  /** BullMQ options of the task jobs this worker's runs send (attempts, backoff, priority; default 3 attempts, exponential from 500 ms). */
  taskJobOptions?: TaskJobOptions;
  /**
   * A secret every worker of the queue shares (at least 32 bytes; e.g.
   * `randomBytes(32).toString('base64')`). With it, the workers sign what
   * they hand each other through Redis for distributed steps — each task's
   * data, the step's state it runs on, and its result — with HMAC-SHA256,
   * and refuse what they did not sign (QUEUE_SIGNATURE_INVALID) instead of
   * applying it. Without it, a well-formed task result written by anyone who
   * can write the Redis is applied to the thread (see "Who must be trusted"
   * in docs/distributed.md).
   */
  signingKey?: string | Uint8Array;
  /**
   * How often the queue's threads are swept for runs no job will continue
   * (default 60,000 ms; 0 turns it off): `sweepStalledThreads` runs on one
   * worker of the queue per interval.
   */
  sweepIntervalMs?: number;
}

/** How to close a worker. */
export interface WeftWorkerCloseOptions {
  /**
   * Stop now instead of waiting for the active jobs: their runs are cancelled
   * (each stops at once and writes an error checkpoint), the jobs are left
   * active, and once their BullMQ lock expires another worker continues each
   * from its last checkpoint. Steps that finished do not run again.
   */
  force?: boolean;
}

/**
 * Runs the jobs of a Weft queue: a BullMQ Worker whose processor runs the
 * job's target on its thread, holding the thread's lease in the shared store
 * (one runner per thread, across every worker), publishes each event to the
 * job's Redis Stream and ends it with the result. A job redelivered after its
 * worker died waits for the dead worker's lease to expire, then continues its
 * own run from the last checkpoint; a job BullMQ fails for stalling is put
 * back, and the worker sweeps the queue for threads no job will continue
 * (`sweepIntervalMs`).
 *
 * @example
 * const worker = new WeftWorker({
 *   queue: 'support',
 *   connection: { host: '127.0.0.1', port: 6379 },
 *   store: new PostgresStore({ connectionString: process.env.WEFT_PG_URL }),
 *   targets: { support: supportAgent, triage: triageGraph },
 *   concurrency: 8,
 *   signingKey: process.env.WEFT_SIGNING_KEY, // optional: every worker of the queue has the same
 * });
 * process.on('SIGTERM', () => void worker.close()); // finishes its active jobs first
 */
export class WeftWorker<T extends WeftTargets = WeftTargets> {
  /** The BullMQ Worker of the main queue (events such as 'failed' and 'error', pausing, metrics); not started when `pinnedOnly`. */
  readonly bull: Worker<WeftJobData | ScheduleTickData, JobSummary | ScheduleTickSummary>;
  /** The BullMQ Workers of the version queues: one per version served, taking the jobs of threads pinned to it. */
  readonly pinned: readonly Worker<WeftJobData | ScheduleTickData, JobSummary | ScheduleTickSummary>[];
  readonly name: string;
  /** Each target's newest version: what new runs and distributed tasks run. */
  readonly #targets: ReadonlyMap<string, WorkerTarget>;
  readonly #abort = new AbortController();
  readonly #active = new Set<Promise<unknown>>();
  /** With a graph target that has distributed nodes: the worker of its task queue, and the queue its runs send tasks to. */
  readonly #tasks: { worker: Worker<WeftTaskJobData, string>; queue: Queue<WeftTaskJobData, string> } | undefined;
  readonly #signer: TaskSigner | undefined;
  readonly #sweeper: ThreadSweeper | undefined;
  /** The version queues this worker hands pinned jobs to, opened on first use. */
  readonly #versionQueues = new Map<string, Queue<WeftJobData>>();
  /** The queue schedules' ticks add their run jobs to, opened on the first tick (closed with the worker). */
  #tickQueue: WeftQueue | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: WeftWorkerOptions<T>) {
    const { leaseTtlMs, eventsTtlSeconds, context, sweepIntervalMs } = checkWorkerOptions(options);
    this.#signer = options.signingKey === undefined ? undefined : new TaskSigner(options.signingKey);
    const { store, targets } = options;
    this.name = options.queue;
    const agentOptions = { ...options.agentOptions, ...(options.instrumentation ? { instrumentation: options.instrumentation } : {}) };
    const versions = new Map(Object.entries(targets).map(([name, t]) => [name, workerVersions(name, t, store, agentOptions)]));
    this.#targets = new Map([...versions].map(([name, v]) => [name, v[v.length - 1]!]));
    const prefix = options.prefix ?? 'bull';
    const holder = options.holder ?? `${hostname()}:${process.pid}`;
    const settings = { queue: options.queue, prefix, store, targets: versions, leaseTtlMs, eventsTtlSeconds, holder, context };
    const distributed = [...this.#targets.values()].some((t) => hasDistributedNodes(t.graph));
    this.#tasks = distributed ? this.#taskWorker(options, prefix) : undefined;
    const jobs = (queue: string, autorun: boolean) =>
      this.#jobWorker(queue, autorun, options, { ...settings, instrumentation: options.instrumentation });
    const autorun = options.autorun ?? true;
    this.bull = jobs(options.queue, autorun && !options.pinnedOnly);
    const served = [...versions].flatMap(([name, v]) => v.map((t) => versionQueueName(options.queue, name, t.graph.hash, t.graph.version)));
    this.pinned = [...new Set(served)].map((queue) => jobs(queue, autorun));
    this.#sweeper = sweepIntervalMs > 0 ? this.#startSweeper(options, { prefix, holder, leaseTtlMs, sweepIntervalMs }) : undefined;
  }

  /** A BullMQ Worker running Weft jobs from one queue: the main queue, or a version queue. */
  #jobWorker(
    queue: string,
    autorun: boolean,
    options: WeftWorkerOptions<T>,
    settings: Omit<JobSettings, 'client' | 'signal' | 'stopping' | 'dispatcher' | 'versionQueues'>,
  ): Worker<WeftJobData | ScheduleTickData, JobSummary | ScheduleTickSummary> {
    const tasks = this.#tasks;
    const taskJobOptions = options.taskJobOptions ?? {};
    const worker: Worker<WeftJobData | ScheduleTickData, JobSummary | ScheduleTickSummary> = new Worker<
      WeftJobData | ScheduleTickData,
      JobSummary | ScheduleTickSummary
    >(
      queue,
      (job: Job<WeftJobData | ScheduleTickData, JobSummary | ScheduleTickSummary>, token?: string, signal?: AbortSignal) => {
        if (isScheduleTick(job.data)) return this.#tick(job as Job<ScheduleTickData>, options, worker.client);
        const stop = signal ? AbortSignal.any([this.#abort.signal, signal]) : this.#abort.signal;
        const client = worker.client;
        const work = runJob(job as Job<WeftJobData, JobSummary>, token, {
          ...settings,
          client,
          signal: stop,
          stopping: () => this.#abort.signal.aborted,
          versionQueues: (name) => this.#versionQueue(name, options),
          dispatcher: tasks
            ? async (target) =>
                new QueueDispatcher({
                  parent: job,
                  target,
                  tasks: tasks.queue,
                  client: await client,
                  ttlSeconds: settings.eventsTtlSeconds,
                  jobOptions: taskJobOptions,
                  signer: this.#signer,
                })
            : undefined,
        });
        this.#active.add(work);
        return work.finally(() => this.#active.delete(work));
      },
      {
        maxStalledCount: UNLIMITED_STALLS,
        ...options.workerOptions,
        connection: options.connection,
        prefix: settings.prefix,
        concurrency: options.concurrency ?? 1,
        autorun,
      },
    );
    worker.on('failed', (job, err) => this.#continueIfStalled(job, err));
    return worker;
  }

  /** A schedule's tick: adds the tick's run job (or records it skipped) through the worker's own WeftQueue. */
  async #tick(job: Job<ScheduleTickData>, options: WeftWorkerOptions<T>, client: Worker['client']): Promise<ScheduleTickSummary> {
    if (!this.#tickQueue) {
      const { queue, connection, prefix, store } = options;
      this.#tickQueue = new WeftQueue({ queue, connection, prefix: prefix ?? 'bull', store });
      // Its connection's errors (Redis restarting) are the worker's: BullMQ retries, and listeners of `worker.bull` see them.
      this.#tickQueue.bull.on('error', (err) => void this.bull.emit('error', err));
    }
    return runScheduleTick(job, { queue: this.#tickQueue, client: await client, store: options.store });
  }

  /** The queue of a version's pinned jobs, opened once (closed with the worker). */
  #versionQueue(name: string, options: WeftWorkerOptions<T>): Queue<WeftJobData> {
    let queue = this.#versionQueues.get(name);
    if (!queue) {
      queue = new Queue<WeftJobData>(name, { connection: options.connection, prefix: options.prefix ?? 'bull' });
      this.#versionQueues.set(name, queue);
    }
    return queue;
  }

  /** The sweeper of the queue's stranded threads, on this worker (see `sweepIntervalMs`). */
  #startSweeper(options: WeftWorkerOptions<T>, s: { prefix: string; holder: string; leaseTtlMs: number; sweepIntervalMs: number }) {
    return new ThreadSweeper({
      queue: options.queue,
      prefix: s.prefix,
      connection: options.connection,
      store: options.store,
      holder: s.holder,
      leaseTtlMs: s.leaseTtlMs,
      intervalMs: s.sweepIntervalMs,
      onError: (err) => this.bull.emit('error', err as Error),
    });
  }

  /**
   * A job BullMQ failed for stalling (its workers died more often than a
   * `maxStalledCount` set in `workerOptions`, or one another process set)
   * goes back to the queue at once: its next worker continues it from its
   * last checkpoint. The sweeper finds any that this misses (this worker died first).
   */
  #continueIfStalled(job: Job<WeftJobData | ScheduleTickData, JobSummary | ScheduleTickSummary> | undefined, err: Error): void {
    if (!job || !failedForStalling(err.message)) return;
    const work = continueStalledJob(job).catch((e: unknown) => void this.bull.emit('error', e as Error));
    this.#active.add(work);
    void work.finally(() => this.#active.delete(work));
  }

  /** The task queue's worker, and the queue the runs send tasks to; both share the worker's connection options. */
  #taskWorker(options: WeftWorkerOptions<T>, prefix: string) {
    const name = taskQueueName(options.queue);
    const queue = new Queue<WeftTaskJobData, string>(name, { connection: options.connection, prefix });
    const steps = new Map();
    const worker = new Worker<WeftTaskJobData, string>(
      name,
      (job: Job<WeftTaskJobData, string>, _token?: string, signal?: AbortSignal) => {
        const stop = signal ? AbortSignal.any([this.#abort.signal, signal]) : this.#abort.signal;
        const work = runTaskJob(job, {
          queue: options.queue,
          targets: this.#targets,
          client: worker.client,
          toKey: queue.toKey,
          signal: stop,
          steps,
          signer: this.#signer,
        });
        this.#active.add(work);
        return work.finally(() => this.#active.delete(work));
      },
      {
        maxStalledCount: UNLIMITED_STALLS,
        ...options.workerOptions,
        connection: options.connection,
        prefix,
        concurrency: options.taskConcurrency ?? options.concurrency ?? 1,
        autorun: options.autorun ?? true,
      },
    );
    return { worker, queue };
  }

  /** The BullMQ Worker of the task queue, when a target has distributed nodes (see `taskConcurrency`). */
  get taskWorker(): Worker<WeftTaskJobData, string> | undefined {
    return this.#tasks?.worker;
  }

  /** The names of the targets this worker runs. */
  get targets(): string[] {
    return [...this.#targets.keys()];
  }

  /**
   * Stops taking jobs and closes the worker. By default it lets the active
   * jobs finish first (BullMQ's graceful close); `{ force: true }` stops them
   * now (see WeftWorkerCloseOptions). Closing twice is a no-op.
   */
  async close(options: WeftWorkerCloseOptions = {}): Promise<void> {
    this.#closing ??= options.force ? this.#forceClose() : this.#gracefulClose();
    await this.#closing;
  }

  async #gracefulClose(): Promise<void> {
    await this.#sweeper?.close();
    // Runs first: a run waiting for its step's tasks needs the task workers until it ends.
    await Promise.all([this.bull.close(), ...this.pinned.map((w) => w.close())]);
    await this.#tasks?.worker.close();
    await this.#tasks?.queue.close();
    await Promise.all([...this.#versionQueues.values()].map((q) => q.close()));
    await this.#tickQueue?.close();
  }

  async #forceClose(): Promise<void> {
    await this.#sweeper?.close();
    // BullMQ first (its connection marked closing): the cancelled jobs then end without being completed or failed.
    await Promise.all([this.bull.close(true), ...this.pinned.map((w) => w.close(true)), this.#tasks?.worker.close(true)]);
    this.#abort.abort(new QueueError('QUEUE_CLOSED', `worker of queue "${this.name}" was closed with force`));
    await Promise.allSettled([...this.#active]);
    await this.#tasks?.queue.close();
    await Promise.all([...this.#versionQueues.values()].map((q) => q.close()));
    await this.#tickQueue?.close();
  }
}

/** Whether a compiled graph sends any node's tasks to a dispatcher. */
function hasDistributedNodes(graph: AnyCompiledGraph): boolean {
  return graph.distributedNodes.length > 0;
}
