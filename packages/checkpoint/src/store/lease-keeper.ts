import type { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointStore } from './checkpoint-store.ts';
import type { ClaimOptions, StopRequest, StopRequestOptions, ThreadLease } from './thread-lease.ts';
import { checkStopRequest, leaseLost } from './thread-lease.ts';

/** Renewals per lease time: a holder renews after a third of it, so two renewals may fail before it lapses. */
const RENEWALS_PER_TTL = 3;

/**
 * The longest a holder goes without renewing when its store keeps stop
 * requests: a holder in another process learns of a stop at its next
 * renewal, so this bounds how late it hears (one small write a second per
 * running thread; a run shorter than this renews not at all).
 */
export const STOP_POLL_MS = 1_000;

/** The leases this process holds, by store and thread: a stop asked in the same process reaches the holder at once. */
const heldHere = new WeakMap<CheckpointStore, Map<string, LeaseKeeper>>();

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
  #stop: StopRequest | undefined;
  /** Settles when the lease is released or lost; made only when someone waits for it. */
  #ended: { promise: Promise<void>; resolve: () => void } | undefined;

  private constructor(
    private readonly store: CheckpointStore,
    lease: ThreadLease,
  ) {
    this.#lease = lease;
    this.#stop = lease.stopRequested;
    this.#confirmedAt = Date.now();
    const renewEvery = Math.floor(lease.ttlMs / RENEWALS_PER_TTL);
    const every = Math.max(1, store.requestStop ? Math.min(renewEvery, STOP_POLL_MS) : renewEvery);
    this.#timer = setInterval(() => this.#renew(), every);
    this.#timer.unref();
    let here = heldHere.get(store);
    if (!here) heldHere.set(store, (here = new Map()));
    here.set(lease.threadId, this);
  }

  /**
   * Asks whoever holds the thread to stop at its next step boundary. A
   * holder in this process is told at once, with no store round trip; one
   * in another process learns at its next renewal (within STOP_POLL_MS),
   * through the store's `requestStop`. Resolves to the lease it marked, or
   * undefined when nobody holds the thread. A store without `requestStop`
   * can only reach holders in this process: for others it resolves to
   * undefined without marking anything.
   *
   * @example
   * const marked = await LeaseKeeper.requestStop(store, 't1', { by: 'api', reason: 'a new message arrived' });
   * if (marked) await waitForThread(store, 't1', Date.now() + 60_000);
   */
  static async requestStop(store: CheckpointStore, threadId: string, request: StopRequestOptions): Promise<ThreadLease | undefined> {
    checkStopRequest(threadId, request, 'LeaseKeeper.requestStop()');
    const here = LeaseKeeper.heldHere(store, threadId);
    if (here) {
      here.#stop ??= { by: request.by, reason: request.reason, at: Date.now() };
      return { ...here.lease, stopRequested: { ...here.#stop } };
    }
    return store.requestStop ? store.requestStop(threadId, { by: request.by, reason: request.reason }) : undefined;
  }

  /**
   * The keeper in this process that holds the thread in this store, if any (not released, not lost).
   *
   * @example
   * const holder = LeaseKeeper.heldHere(store, 't1');
   * if (holder?.stopRequested) console.log(`stopping for ${holder.stopRequested.by}`);
   */
  static heldHere(store: CheckpointStore, threadId: string): LeaseKeeper | undefined {
    return heldHere.get(store)?.get(threadId);
  }

  /**
   * Claims the thread (THREAD_BUSY when someone else holds it) and starts renewing.
   *
   * @example
   * const lease = await LeaseKeeper.take(store, 't1', { holder: 'worker-3' });
   */
  static async take(store: CheckpointStore, threadId: string, options: ClaimOptions): Promise<LeaseKeeper> {
    return new LeaseKeeper(store, await store.claimThread(threadId, options));
  }

  get lease(): ThreadLease {
    return { ...this.#lease };
  }

  /**
   * The stop someone asked of this holder (`requestStop`), if any: a run
   * stops at its next step boundary when it is set. Reading it costs a field
   * read, so the step loop asks it after every step.
   */
  get stopRequested(): StopRequest | undefined {
    return this.#stop;
  }

  /**
   * Settles once this keeper has released the lease or lost it: what a run waiting for the thread in this process awaits.
   *
   * @example
   * await LeaseKeeper.heldHere(store, 't1')?.ended(); // the thread's run in this process let go
   */
  ended(): Promise<void> {
    if (!this.#ended) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.#ended = { promise, resolve };
      if (this.#released || this.#lost) resolve();
    }
    return this.#ended.promise;
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
      if (held?.token === this.#lease.token) return this.#heard(held);
    }
    try {
      this.#heard((this.#lease = await this.store.renewThread(this.#lease)));
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
    } finally {
      this.#forget();
    }
  }

  /** A lease the store returned: its stop request, if any, reaches the run. */
  #heard(lease: ThreadLease): void {
    if (lease.stopRequested && !this.#stop) this.#stop = lease.stopRequested;
  }

  /** No longer held here: out of the registry, and whoever waits for the thread may try it. */
  #forget(): void {
    const here = heldHere.get(this.store);
    if (here?.get(this.#lease.threadId) === this) here.delete(this.#lease.threadId);
    this.#ended?.resolve();
  }

  #renew(): void {
    if (this.#renewing || this.#lost) return;
    this.#renewing = this.store.renewThread(this.#lease).then(
      (renewed) => {
        this.#lease = renewed;
        this.#heard(renewed);
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
    this.#forget();
  }
}
