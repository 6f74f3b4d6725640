import { hostname } from 'node:os';
import { LeaseKeeper, WeftError, type CheckpointStore } from '@weft/graph';
import type { ThreadChannels } from '../events/thread-channels.ts';
import type { Awaited } from './channel-instrumentation.ts';
import { endData, errorOf } from './end-data.ts';
import type { LocalTarget } from './local-target.ts';
import type { RunRequest } from './run-request.ts';
import type { StartedRun, StudioRunner } from './studio-runner.ts';

/**
 * Runs the studio's requests in this process. Each takes the thread's lease
 * before anything else (THREAD_BUSY when another run, here or in another
 * process, holds it), and the run adopts it: two resumes of one thread never
 * both run.
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
    const lease = await LeaseKeeper.take(this.#store, threadId, { holder: this.#holder });
    try {
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
    const finished = this.target.launch(request, { lease, context: this.#context });
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
    void tracked.finally(() => this.#running.delete(tracked));
    return { threadId, runId, ended };
  }

  /** Waits for the runs under way to end. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }
}
