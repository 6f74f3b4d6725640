import type { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointStore } from './checkpoint-store.ts';
import type { ClaimOptions, ThreadLease } from './thread-lease.ts';
import { leaseLost } from './thread-lease.ts';

/** Renewals per lease time: a holder renews after a third of it, so two renewals may fail before it lapses. */
const RENEWALS_PER_TTL = 3;

/**
 * Holds a thread's lease: claims it, renews it on a timer, and releases it.
 * Every run holds one while it works. A caller that must read and check a
 * thread before running it (the `weft` command, a worker) takes one itself
 * with `LeaseKeeper.take` and passes it to `run()`/`resume()` as `lease`: the
 * run adopts it (and releases it when it ends), so no one can get in between.
 * The timer is unref'd, so a held lease never keeps the process alive.
 *
 * @example
 * const lease = await LeaseKeeper.take(store, 't1', { holder: 'worker-3' }); // THREAD_BUSY if held
 * try {
 *   const head = await store.get('t1'); // nobody else can change the thread now
 *   await compiled.resume({ threadId: 't1', lease });
 * } finally {
 *   await lease.release(); // a no-op when the run released it already
 * }
 *
 * A renewal the store refuses (LEASE_LOST), or renewals that keep failing
 * until the lease's time is up, mark the lease lost: the run then stops before
 * its next checkpoint write (see `check`). Nodes already running are not
 * interrupted; whoever holds the thread now continues from the last
 * checkpoint, as after a crash.
 */
export class LeaseKeeper {
  #lease: ThreadLease;
  #lost: WeftError<CheckpointErrorCode> | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #renewing: Promise<void> | undefined;
  #released = false;
  /** This process's clock when the store last confirmed the lease. */
  #confirmedAt: number;

  private constructor(
    private readonly store: CheckpointStore,
    lease: ThreadLease,
  ) {
    this.#lease = lease;
    this.#confirmedAt = Date.now();
    const every = Math.max(1, Math.floor(lease.ttlMs / RENEWALS_PER_TTL));
    this.#timer = setInterval(() => this.#renew(), every);
    this.#timer.unref();
  }

  /** Claims the thread (THREAD_BUSY when someone else holds it) and starts renewing. */
  static async take(store: CheckpointStore, threadId: string, options: ClaimOptions): Promise<LeaseKeeper> {
    return new LeaseKeeper(store, await store.claimThread(threadId, options));
  }

  get lease(): ThreadLease {
    return { ...this.#lease };
  }

  /** Throws LEASE_LOST once the lease is gone: called before every checkpoint write. */
  check(): void {
    if (this.#lost) throw this.#lost;
  }

  /**
   * Makes sure the store still gives this lease to this holder, so a run
   * adopting it starts with it confirmed (LEASE_LOST if it is gone). A lease
   * confirmed less than half its time ago is only read back (`threadLease`):
   * it has more than half its time left and the timer renews it long before
   * it runs out, so renewing here would be a third lease write per run (claim,
   * renew, release) for nothing. An older lease, or one the read does not show
   * as held by this token, is renewed.
   */
  async confirm(): Promise<void> {
    this.check();
    if (this.#released) throw leaseLost(this.#lease);
    if (this.#renewing) await this.#renewing;
    this.check();
    if (Date.now() - this.#confirmedAt < this.#lease.ttlMs / 2) {
      const held = await this.store.threadLease(this.#lease.threadId);
      if (held?.token === this.#lease.token) return;
    }
    try {
      this.#lease = await this.store.renewThread(this.#lease);
      this.#confirmedAt = Date.now();
    } catch (err) {
      if ((err as { code?: unknown } | null)?.code === 'LEASE_LOST') this.#lose(err as WeftError<CheckpointErrorCode>);
      throw err;
    }
  }

  /**
   * Stops renewing and gives the lease up. Resolves to the store's error when
   * it reports that checkpoints it held back for the thread could not be
   * written (CHECKPOINTS_NOT_WRITTEN, CONCURRENT_RESUME): the run then failed
   * after all. Any other failure (the store is unreachable) is not the run's:
   * its checkpoints are written, and the lease simply expires after its time.
   * Releasing twice is a no-op.
   */
  async release(): Promise<WeftError<CheckpointErrorCode> | undefined> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#renewing) await this.#renewing;
    if (this.#lost || this.#released) return undefined;
    this.#released = true;
    try {
      await this.store.releaseThread(this.#lease);
      return undefined;
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      return code === 'CHECKPOINTS_NOT_WRITTEN' || code === 'CONCURRENT_RESUME' ? (err as WeftError<CheckpointErrorCode>) : undefined;
    }
  }

  #renew(): void {
    if (this.#renewing || this.#lost) return;
    this.#renewing = this.store.renewThread(this.#lease).then(
      (renewed) => {
        this.#lease = renewed;
        this.#confirmedAt = Date.now();
        this.#renewing = undefined;
      },
      (err: unknown) => {
        this.#renewing = undefined;
        const refused = (err as { code?: unknown } | null)?.code === 'LEASE_LOST';
        // A store that cannot be reached may come back; once the lease's time is up without it, someone else may hold the thread.
        if (refused || Date.now() - this.#confirmedAt >= this.#lease.ttlMs)
          this.#lose(refused ? (err as WeftError<CheckpointErrorCode>) : leaseLost(this.#lease));
      },
    );
  }

  #lose(error: WeftError<CheckpointErrorCode>): void {
    this.#lost = error;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
