import { answeredEarlier, WeftError, type CheckpointStore, type Multitask } from '@weft/graph';
import { jsonSafe } from '../events/json-safe.ts';
import type { RunEndData } from '../events/studio-event.ts';
import type { ThreadChannels } from '../events/thread-channels.ts';
import type { SchedulesResponse } from '../api/schedules-schema.ts';
import { StudioError } from '../errors.ts';
import { endData, errorOf, type ResultLike } from './end-data.ts';
import type { RunInput, RunRequest } from './run-request.ts';
import type { StartedRun, StudioRunner } from './studio-runner.ts';

/** A job as the studio reads it: what @weft/bullmq's WeftJob gives. */
export interface StudioQueueJob {
  readonly id: string;
  events(): AsyncIterable<unknown>;
  result(): Promise<unknown>;
}

/** What the studio asks of a queue: @weft/bullmq's WeftQueue (its run and resume), by the target's name on the workers. */
export interface StudioQueue {
  run(
    target: string,
    input: never,
    options: { threadId?: string; sessionValues?: Record<string, unknown>; multitask?: Multitask },
  ): Promise<StudioQueueJob>;
  resume(
    target: string,
    options: { threadId: string; checkpointId?: string; resume?: Record<string, unknown>; sessionValues?: Record<string, unknown> },
  ): Promise<StudioQueueJob>;
  /** The queue's schedules (WeftQueue's), for GET /api/schedules. */
  schedules?(): Promise<SchedulesResponse['schedules']>;
}

/**
 * Sends the studio's runs to @weft/bullmq workers: each run or resume is a
 * job; its events (read back from the job's Redis stream) and its result go
 * on the thread's channel as a local run's would, its `run` event naming the
 * job (`runId` is `job:<id>`). A thread with a run under way (a job of this
 * studio's, or a lease in the store) is refused with THREAD_BUSY instead of
 * queuing behind it, unless the run request's `multitask` says otherwise: it
 * goes to the queue with it ('enqueue', 'interrupt', 'rollback'; see
 * WeftQueue.run), and its job shows on the thread's channel once the run
 * before it there ended. A fork (goto, a state edit) is not a queue job: it
 * is refused with NOT_SUPPORTED.
 */
export class QueueRunner implements StudioRunner {
  readonly #running = new Set<Promise<unknown>>();
  /** Threads whose job is being checked and enqueued. */
  readonly #starting = new Set<string>();
  /** By thread: the end of its job under way here, once on the channel (the next job's start comes after it). */
  readonly #ends = new Map<string, Promise<void>>();

  constructor(
    private readonly queue: StudioQueue,
    private readonly target: string,
    private readonly kind: 'agent' | 'graph',
    private readonly store: CheckpointStore,
    private readonly channels: ThreadChannels,
  ) {}

  async start(request: RunRequest): Promise<StartedRun> {
    const { threadId } = request;
    if (request.mode === 'fork')
      throw new StudioError('NOT_SUPPORTED', 'fork runs in the studio’s own process: serve without --queue to fork a thread', {
        details: { threadId },
      });
    if (request.mode === 'run' && request.multitask !== 'reject') return this.#startQueued(request);
    // Reserved before the first await: two requests at once must not both pass the check and both enqueue.
    if (this.#starting.has(threadId) || this.channels.running(threadId)) throw busy(threadId);
    this.#starting.add(threadId);
    let job: StudioQueueJob;
    try {
      const lease = await this.store.threadLease(threadId);
      if (lease && lease.expiresAt > Date.now()) throw busy(threadId);
      // The worker would refuse it as unknown (its job failing after a 202): refused here, as a local resume is.
      if (request.mode === 'resume' && request.resume) await this.#refuseAnswered(threadId, Object.keys(request.resume));
      job = await this.#enqueue(request);
    } finally {
      this.#starting.delete(threadId);
    }
    const runId = `job:${job.id}`;
    // The channel shows the job running from here (the reservation above ends in the same tick).
    const resume = request.mode !== 'run' && request.resume ? { resume: jsonSafe(request.resume) as Record<string, unknown> } : {};
    this.channels.begin({ runId, threadId, mode: request.mode, startedAt: Date.now(), ...resume });
    return this.#track(threadId, runId, this.#follow(job, runId, threadId));
  }

  /**
   * A run request with 'enqueue', 'interrupt' or 'rollback': the queue
   * decides when its job runs (WeftQueue.run's multitask); its job shows on
   * the channel once the job before it there ended.
   */
  async #startQueued(request: Extract<RunRequest, { mode: 'run' }>): Promise<StartedRun> {
    const { threadId } = request;
    const job = await this.#enqueue(request);
    const runId = `job:${job.id}`;
    const before = this.#ends.get(threadId);
    const ended = (async () => {
      await before;
      this.channels.begin({ runId, threadId, mode: 'run', startedAt: Date.now() });
      return this.#follow(job, runId, threadId);
    })();
    return this.#track(threadId, runId, ended);
  }

  /** Puts the job's end on the channel, and keeps it until then (close() waits for it; the next job shows after it). */
  #track(threadId: string, runId: string, ended: Promise<RunEndData>): StartedRun {
    const tracked = ended.then((end) => this.channels.end(end));
    this.#running.add(tracked);
    this.#ends.set(threadId, tracked);
    void tracked.finally(() => {
      this.#running.delete(tracked);
      if (this.#ends.get(threadId) === tracked) this.#ends.delete(threadId);
    });
    return { threadId, runId, ended };
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }

  /** Values for interrupts an earlier resume answered are INTERRUPT_ALREADY_ANSWERED, as a local resume refuses them. */
  async #refuseAnswered(threadId: string, ids: string[]): Promise<void> {
    const head = await this.store.get(threadId);
    const answered = head && (await answeredEarlier(this.store, threadId, head.id, ids));
    if (answered) throw answered;
  }

  #enqueue(request: Exclude<RunRequest, { mode: 'fork' }>): Promise<StudioQueueJob> {
    const session = Object.keys(request.sessionValues).length > 0 ? { sessionValues: request.sessionValues } : {};
    if (request.mode === 'run') {
      // 'reject' was checked here (409 at once); the queue's own 'reject' still refuses a job that finds the thread busy.
      const multitask = { multitask: request.multitask };
      return this.queue.run(this.target, this.#input(request.input) as never, { threadId: request.threadId, ...session, ...multitask });
    }
    return this.queue.resume(this.target, {
      threadId: request.threadId,
      ...(request.checkpointId !== undefined ? { checkpointId: request.checkpointId } : {}),
      ...(request.resume !== undefined ? { resume: request.resume } : {}),
      ...session,
    });
  }

  /** An agent's job takes the query text or the messages; a graph's, its input. */
  #input(input: RunInput): unknown {
    if ('messages' in input) return input.messages;
    if ('query' in input) return input.query;
    if (this.kind === 'agent' && typeof input.value !== 'string')
      throw new StudioError('BAD_REQUEST', 'an agent takes { query: string } or { messages: [...] } as its input');
    return input.value;
  }

  /** The job's events onto the channel, then its end. */
  async #follow(job: StudioQueueJob, runId: string, threadId: string): Promise<RunEndData> {
    try {
      for await (const event of job.events()) {
        const kind = event !== null && typeof event === 'object' && 'agentName' in event ? 'agent' : 'graph';
        this.channels.push(threadId, kind, this.channels.safe(threadId, event));
      }
      const result = (await job.result()) as ResultLike & {
        checkpointId?: string;
        output?: unknown;
        finalMessage?: unknown;
        finalOutput?: unknown;
      };
      const output = this.kind === 'agent' ? { finalMessage: result.finalMessage, finalOutput: result.finalOutput } : result.output;
      const safe = (value: unknown) => this.channels.safe(threadId, value);
      return endData(runId, threadId, checkpointOf(result.checkpointId), result, output, safe);
    } catch (err) {
      return { runId, threadId, status: 'error', checkpointId: undefined, error: errorOf(err) };
    }
  }
}

const busy = (threadId: string) =>
  new WeftError('THREAD_BUSY', `thread "${threadId}" is running; wait for its end, then try again`, { details: { threadId } });

/** An agent result's checkpoint is a handle (`<thread>::<checkpoint>`, as Runner.resume takes it); the studio reports the checkpoint's own id. */
function checkpointOf(handle: string | undefined): string | undefined {
  if (handle === undefined) return undefined;
  const at = handle.lastIndexOf('::');
  return at < 0 ? handle : handle.slice(at + 2);
}
