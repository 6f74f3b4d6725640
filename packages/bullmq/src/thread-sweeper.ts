import type { CheckpointStore } from '@weft/graph';
import type { ConnectionOptions, RedisClient } from 'bullmq';
import { sweepStalledThreads } from './sweep-stalled-threads.ts';
import { WeftQueue } from './weft-queue.ts';

// Lua through BullMQ's client interface (ioredis, node-redis, …), as events-stream.ts does: SET … NX is not in it.
const TURN = 'weftSweepTurn';
const TURN_LUA = `return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX')`;
const defined = new WeakSet<RedisClient>();

/** Whether this worker sweeps in this interval: the first of the queue's workers to ask gets the key for one interval. */
async function takeTurn(client: RedisClient, key: string, holder: string, ms: number): Promise<boolean> {
  if (!defined.has(client)) {
    client.defineCommand(TURN, { numberOfKeys: 1, lua: TURN_LUA });
    defined.add(client);
  }
  return (await client.runCommand(TURN, [key, holder, ms])) === 'OK';
}

/** What a worker's sweeper needs: the worker's queue, store and names. */
export interface ThreadSweeperOptions {
  queue: string;
  prefix: string;
  connection: ConnectionOptions;
  store: CheckpointStore;
  holder: string;
  leaseTtlMs: number;
  intervalMs: number;
  /** Where a sweep's failure goes (the store or Redis unreachable): the next interval tries again. */
  onError: (err: unknown) => void;
}

/**
 * Runs `sweepStalledThreads` for a worker, about every `intervalMs` (±25%,
 * so workers started together do not sweep together). A key in Redis, set
 * for one interval by the first worker to get there, lets one worker of the
 * queue sweep per interval, however many there are; the sweep's own leases
 * keep it right even when two overlap. The timer never keeps the process
 * alive; `close()` stops it and waits for a sweep in progress.
 */
export class ThreadSweeper {
  readonly #o: ThreadSweeperOptions;
  readonly #abort = new AbortController();
  #queue: WeftQueue | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sweeping: Promise<void> | undefined;

  constructor(options: ThreadSweeperOptions) {
    this.#o = options;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#abort.signal.aborted) return;
    const wait = Math.round(this.#o.intervalMs * (0.75 + Math.random() * 0.5));
    this.#timer = setTimeout(() => {
      this.#sweeping = this.#sweep().then(
        () => this.#schedule(),
        (err: unknown) => {
          if (!this.#abort.signal.aborted) this.#o.onError(err);
          this.#schedule();
        },
      );
    }, wait);
    this.#timer.unref();
  }

  async #sweep(): Promise<void> {
    const { queue: name, prefix, connection, store, holder, leaseTtlMs, intervalMs } = this.#o;
    this.#queue ??= new WeftQueue({ queue: name, connection, prefix });
    const client = await this.#queue.bull.client;
    // One sweep per interval for the whole queue: the first worker to set the key sweeps.
    if (!(await takeTurn(client, `${prefix}:weft:${name}:sweep`, holder, intervalMs))) return;
    await sweepStalledThreads({ queue: this.#queue, store, holder: `${holder} (sweeper)`, leaseTtlMs, signal: this.#abort.signal });
  }

  async close(): Promise<void> {
    this.#abort.abort();
    clearTimeout(this.#timer);
    await this.#sweeping;
    await this.#queue?.close();
  }
}
