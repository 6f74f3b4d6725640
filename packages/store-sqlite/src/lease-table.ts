import { randomUUID } from 'node:crypto';
import type { Database, Statement, Transaction } from 'better-sqlite3';
import { WeftError } from '@weft/common';
import {
  checkClaim,
  checkStopRequest,
  checkThreadId,
  leaseFromRow,
  leaseLost,
  threadBusy,
  type ClaimOptions,
  type LeaseRow,
  type StopRequestOptions,
  type ThreadLease,
} from '@weft/checkpoint';

const COLUMNS = 'thread_id, holder, token, since, expires_at, ttl_ms';
/** COLUMNS and the stop request (migration 6): what reads return. A claim writes COLUMNS only: its REPLACE clears the rest. */
const READ_COLUMNS = `${COLUMNS}, stop_by, stop_reason, stop_at`;

/** Renewing and releasing take a lease this store handed out; anything else is refused before it reaches SQL. */
export function checkLease(lease: unknown, where: string): asserts lease is ThreadLease {
  if (lease === null || typeof lease !== 'object' || typeof (lease as Partial<ThreadLease>).token !== 'string')
    throw new WeftError('INVALID_ARGUMENT', `${where}: pass the lease that claimThread() returned`);
  checkThreadId((lease as Partial<ThreadLease>).threadId, where);
}

/**
 * The `leases` table: one row per claimed thread. Every change is its own
 * write transaction on the file, in every durability mode (a lease held in
 * memory would protect nothing), so all processes on the file see each
 * other's leases. Expiry is judged by `Date.now()`: the processes sharing a
 * SQLite file share the machine's clock.
 *
 * Lease writes commit with `synchronous=NORMAL` even when checkpoints use
 * FULL: visible to other processes at once all the same, but without an
 * fsync. Measured (bench/lease-cost.ts, ext4, 3-node graph run 2,000
 * times): with FULL, claim+release took 190–220 µs, 20–27% of a run in
 * 'sync' and 48–54% in 'exit'; with NORMAL, 34–38 µs (1–5% and 11–12%).
 * A lease needs no power-loss durability: its holder does not survive a
 * power loss either. A lost claim or renewal protects nobody who is still
 * running; a lost release leaves a lease that expires within its time. The
 * next FULL commit (a checkpoint) syncs the lease rows written before it.
 */
export class LeaseTable {
  readonly #read: Statement<[threadId: string], LeaseRow | undefined>;
  readonly #write: Statement<[LeaseRow], void>;
  readonly #renew: Statement<[expiresAt: number, threadId: string, token: string], LeaseRow | undefined>;
  readonly #release: Statement<[threadId: string, token: string], void>;
  readonly #stop: Statement<[by: string, reason: string, at: number, threadId: string, now: number], void>;
  readonly #claim: Transaction<(threadId: string, options: ClaimOptions) => ThreadLease>;

  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
    /** The store's level for checkpoints; lease writes lower it to NORMAL for their commit (see above). */
    private readonly synchronous: 'FULL' | 'NORMAL',
  ) {
    this.#read = db.prepare(`SELECT ${READ_COLUMNS} FROM leases WHERE thread_id = ?`);
    this.#write = db.prepare(
      `INSERT OR REPLACE INTO leases (${COLUMNS}) VALUES (@thread_id, @holder, @token, @since, @expires_at, @ttl_ms)`,
    );
    this.#renew = db.prepare(`UPDATE leases SET expires_at = ? + ttl_ms WHERE thread_id = ? AND token = ? RETURNING ${READ_COLUMNS}`);
    // Only an unexpired lease without a request yet: the first request stays.
    this.#stop = db.prepare(
      'UPDATE leases SET stop_by = ?, stop_reason = ?, stop_at = ? WHERE thread_id = ? AND expires_at > ? AND stop_at IS NULL',
    );
    this.#release = db.prepare('DELETE FROM leases WHERE thread_id = ? AND token = ?');
    // Read and write in one IMMEDIATE transaction: of two processes claiming at once, the second reads the first's row.
    this.#claim = db.transaction((threadId: string, options: ClaimOptions) => {
      const now = Date.now();
      const held = this.#read.get(threadId);
      if (held && held.expires_at > now && !options.takeOver) throw threadBusy(leaseFromRow(held));
      const ttlMs = options.ttlMs ?? this.ttlMs;
      const row: LeaseRow = {
        thread_id: threadId,
        holder: options.holder,
        token: randomUUID(),
        since: now,
        expires_at: now + ttlMs,
        ttl_ms: ttlMs,
      };
      this.#write.run(row);
      return leaseFromRow(row);
    });
  }

  claim(threadId: string, options: ClaimOptions): ThreadLease {
    checkClaim(threadId, options);
    return this.#lightly(() => this.#claim.immediate(threadId, options));
  }

  /** One UPDATE, so it is atomic without a transaction; the read after it only names the current holder in the error. */
  renew(lease: ThreadLease): ThreadLease {
    checkLease(lease, 'SqliteStore.renewThread()');
    const renewed = this.#lightly(() => this.#renew.get(Date.now(), lease.threadId, lease.token));
    if (renewed) return leaseFromRow(renewed);
    const now = this.current(lease.threadId);
    throw leaseLost(lease, now);
  }

  /** A no-op unless this token holds the thread: it never frees someone else's lease. */
  release(lease: ThreadLease): void {
    checkLease(lease, 'SqliteStore.releaseThread()');
    this.#lightly(() => this.#release.run(lease.threadId, lease.token));
  }

  /** Marks the unexpired lease (one UPDATE, atomic on its own), then reads it back. */
  requestStop(threadId: string, request: StopRequestOptions): ThreadLease | undefined {
    checkStopRequest(threadId, request, 'SqliteStore.requestStop()');
    const now = Date.now();
    this.#lightly(() => this.#stop.run(request.by, request.reason, now, threadId, now));
    return this.current(threadId);
  }

  current(threadId: string): ThreadLease | undefined {
    checkThreadId(threadId, 'SqliteStore.threadLease()');
    const row = this.#read.get(threadId);
    return row && row.expires_at > Date.now() ? leaseFromRow(row) : undefined;
  }

  /** Runs one lease write with synchronous=NORMAL, then restores the store's level (pragmas act outside transactions). */
  #lightly<T>(write: () => T): T {
    if (this.synchronous === 'NORMAL') return write();
    this.db.pragma('synchronous = NORMAL');
    try {
      return write();
    } finally {
      this.db.pragma(`synchronous = ${this.synchronous}`);
    }
  }
}
