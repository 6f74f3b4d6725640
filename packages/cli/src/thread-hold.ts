import { hostname } from 'node:os';
import { leaseLost, type CheckpointStore, type ThreadLease, type WeftError } from '@weft/graph';

/** Renewals per lease time, as the graph's own lease keeper does: two may fail before the lease lapses. */
const RENEWALS_PER_TTL = 3;

/**
 * The thread's lease, held by `weft run --thread` and `weft resume` from
 * before they read the thread until the run starts. While the command reads
 * the head, checks the values and imports the module, no one else can
 * continue the thread; a second command is refused with THREAD_BUSY before
 * it loads anything. The run then claims the thread with `takeOver` under
 * the same holder name (`handOver`), so there is no moment in which the
 * thread is free and someone else could run the checkpoint this command read.
 */
export class ThreadHold {
  #lease: ThreadLease;
  #lost: unknown;
  #timer: ReturnType<typeof setInterval> | undefined;
  #renewing: Promise<void> | undefined;
  /** This process's clock when the store last confirmed the lease. */
  #confirmedAt = Date.now();

  private constructor(
    private readonly store: CheckpointStore,
    lease: ThreadLease,
  ) {
    this.#lease = lease;
    this.#timer = setInterval(() => this.#renew(), Math.max(1, Math.floor(lease.ttlMs / RENEWALS_PER_TTL)));
    // A held lease never keeps the process alive.
    this.#timer.unref();
  }

  /** Claims the thread; rejects with the store's THREAD_BUSY when someone else holds it (and `takeOver` is not set). */
  static async claim(store: CheckpointStore, threadId: string, options: { holder: string; takeOver: boolean }): Promise<ThreadHold> {
    const lease = await store.claimThread(threadId, { holder: options.holder, ...(options.takeOver ? { takeOver: true } : {}) });
    return new ThreadHold(store, lease);
  }

  get holder(): string {
    return this.#lease.holder;
  }

  /**
   * Stops renewing, for the run that takes the thread over from this hold;
   * throws the store's LEASE_LOST when the hold was lost meanwhile (someone
   * took the thread over), so the run does not take it back.
   */
  async handOver(): Promise<void> {
    this.#stop();
    if (this.#renewing) await this.#renewing;
    if (this.#lost) throw this.#lost;
    // Renewals that could not reach the store for a whole lease time: someone else may hold the thread now.
    if (Date.now() - this.#confirmedAt >= this.#lease.ttlMs) throw leaseLost(this.#lease);
  }

  /** Gives the lease up (a no-op once a run took it over: the store frees only this claim). */
  async release(): Promise<void> {
    this.#stop();
    if (this.#renewing) await this.#renewing;
    try {
      await this.store.releaseThread(this.#lease);
    } catch {
      // It expires on its own.
    }
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #renew(): void {
    if (this.#renewing) return;
    this.#renewing = this.store.renewThread(this.#lease).then(
      (renewed) => {
        this.#lease = renewed;
        this.#confirmedAt = Date.now();
        this.#renewing = undefined;
      },
      (err: unknown) => {
        this.#renewing = undefined;
        if ((err as WeftError | null)?.code !== 'LEASE_LOST') return;
        this.#lost = err;
        this.#stop();
      },
    );
  }
}

/** How this process names itself as a holder: `host:pid (weft resume)`. */
export const cliHolder = (command: string): string => `${hostname()}:${process.pid} (weft ${command})`;
