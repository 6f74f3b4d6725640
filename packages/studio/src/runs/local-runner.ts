import { hostname } from 'node:os';
import { WeftError, type CheckpointStore, type Multitask } from '@weft/graph';
import type { ThreadChannels } from '../events/thread-channels.ts';
import type { Awaited } from './channel-instrumentation.ts';
import { claimThread, type StudioClaim } from './claim-thread.ts';
import { endData, errorOf } from './end-data.ts';
import type { LocalTarget } from './local-target.ts';
import type { RunRequest } from './run-request.ts';
import type { StartedRun, StudioRunner } from './studio-runner.ts';

/**
 * Runs the studio's requests in this process. Each takes the thread's lease
 * before anything else (THREAD_BUSY when another run, here or in another
 * process, holds it; a run request's `multitask` may wait for it instead),
 * and the run adopts it: two resumes of one thread never both run.
 */
export class LocalRunner implements StudioRunner {
  /** Where new runs go; replaceTarget sets another, and a run under way keeps the launch it started with. */
  target: LocalTarget;
  readonly #store: CheckpointStore;
  readonly #channels: ThreadChannels;
  readonly #awaited: Map<string, Awaited>;
  readonly #context: Record<string, unknown>;
  readonly #holder = `weft studio ${hostname()}:${process.pid}`;
  readonly #running = new Set<Promise<unknown>>();
  /** By thread: the turn of the last 'enqueue' request (first come, first served among this studio's). */
  readonly #enqueued = new Map<string, Promise<void>>();
  /** By thread: the end of its run under way here, once on the channel (a new run's start comes after it). */
  readonly #ends = new Map<string, Promise<void>>();

  /** `awaited`: the map the target's channelInstrumentation reads, where a launch waits for its run to start. */
  constructor(
    target: LocalTarget,
    store: CheckpointStore,
    channels: ThreadChannels,
    awaited: Map<string, Awaited>,
    context: Record<string, unknown>,
  ) {
    this.target = target;
    this.#store = store;
    this.#channels = channels;
    this.#awaited = awaited;
    this.#context = context;
  }

  async start(request: RunRequest): Promise<StartedRun> {
    const { threadId } = request;
    const multitask = request.mode === 'run' ? request.multitask : 'reject';
    const { lease, stopped } = await this.#claim(threadId, multitask);
    try {
      // The run this one waited for has let go of the thread: its end goes on the channel before this run's start.
      await this.#ends.get(threadId);
      if (request.mode !== 'run' && !(await this.#store.get(threadId)))
        throw new WeftError('THREAD_NOT_FOUND', `thread "${threadId}" has no checkpoints: start it with POST /api/threads/new/runs`, {
          details: { threadId },
        });
    } catch (err) {
      await lease.release();
      throw err;
    }
    let started!: (runId: string) => void;
    const runStarted = new Promise<string>((resolve) => (started = resolve));
    const resume = request.mode === 'run' ? undefined : request.resume;
    const waiting: Awaited = { mode: request.mode, resume, started, checkpointId: undefined };
    this.#awaited.set(threadId, waiting);
    const rollback = stopped && multitask === 'rollback' ? { rollback: true } : {};
    const finished = this.target.launch(request, { lease, context: this.#context, ...rollback });
    // Started (the run's first event is on the channel), or refused before it started (a bad input, an unknown interrupt).
    const outcome = await Promise.race([
      runStarted.then((runId) => ({ runId })),
      finished.then(
        () => ({ err: new WeftError('RUN_FAILED', 'the run ended before it started') }),
        (err: unknown) => ({ err }),
      ),
    ]);
    if ('err' in outcome) {
      this.#awaited.delete(threadId);
      await lease.release();
      throw outcome.err;
    }
    const { runId } = outcome;
    const ended = finished.then(
      (res) => endData(runId, threadId, waiting.checkpointId, res, res.output, (value) => this.#channels.safe(threadId, value)),
      (err: unknown) => ({ runId, threadId, status: 'error' as const, checkpointId: waiting.checkpointId, error: errorOf(err) }),
    );
    const tracked = ended.then((end) => this.#channels.end(end));
    this.#running.add(tracked);
    this.#ends.set(threadId, tracked);
    void tracked.finally(() => {
      this.#running.delete(tracked);
      if (this.#ends.get(threadId) === tracked) this.#ends.delete(threadId);
    });
    return { threadId, runId, ended };
  }

  /** The thread's lease as `multitask` says; 'enqueue' requests of this studio claim in the order they came. */
  #claim(threadId: string, multitask: Multitask): Promise<StudioClaim> {
    if (multitask !== 'enqueue') return claimThread(this.#store, threadId, this.#holder, multitask);
    const before = this.#enqueued.get(threadId) ?? Promise.resolve();
    const mine = before.then(() => claimThread(this.#store, threadId, this.#holder, multitask));
    // The next request's turn comes once this one claimed (or gave up).
    const turn = mine.then(
      () => undefined,
      () => undefined,
    );
    this.#enqueued.set(threadId, turn);
    void turn.then(() => {
      if (this.#enqueued.get(threadId) === turn) this.#enqueued.delete(threadId);
    });
    return mine;
  }

  /** Waits for the runs under way to end. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }
}
