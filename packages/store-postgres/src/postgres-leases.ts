import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { WeftError } from '@weft/common';
import { leaseFromRow, leaseLost, threadBusy, type LeaseRow, type StopRequestOptions, type ThreadLease } from '@weft/checkpoint';
import { LEASE_COLUMNS } from './lease-columns.ts';

/** Runs a named (prepared) statement; see PostgresStore. */
export type NamedQuery = <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<R>>;

/**
 * How often a claim is tried when the lease it lost to is gone by the time
 * the holder is read: each retry means another claimant took and gave up the
 * thread in between, so more than a few only happens under a claim storm.
 */
const CLAIM_ATTEMPTS = 3;

/**
 * The thread lease in the `leases` table (migration 2). Every time is the
 * database's: `clock_timestamp()`, truncated to milliseconds. A client's clock
 * never decides whether a lease has expired, so machines whose clocks
 * disagree still agree on who holds a thread.
 *
 * Uncontended, a claim and a release are one statement each (2 of the 5
 * statements of a run to an interrupt, 2 of 8 of its resume; together about
 * 0.15 ms on a local server, see test-support/measure-lease.ts); a refused
 * claim or renewal costs one more, to name the holder in its error.
 */
export class PostgresLeases {
  readonly #query: NamedQuery;
  readonly #table: string;

  constructor(query: NamedQuery, schemaSql: string) {
    this.#query = query;
    this.#table = `${schemaSql}.leases`;
  }

  /**
   * One atomic statement: insert the lease, or take over the row when its
   * lease had expired by this claim's moment (or with `takeOver`). Concurrent
   * claims serialize on the row: exactly one inserts or updates, the others
   * see its lease and get nothing back. The new lease starts no earlier than
   * the old one ended, so leases never overlap in the database's time.
   */
  async claim(threadId: string, holder: string, ttlMs: number, takeOver: boolean): Promise<ThreadLease> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.#query<LeaseRow>(
        'lease-claim',
        `WITH clock AS (SELECT date_trunc('milliseconds', clock_timestamp()) AS t)
         INSERT INTO ${this.#table} AS l (thread_id, holder, token, since, expires_at, ttl_ms)
         SELECT $1::text, $2::text, $3::text, clock.t, clock.t + $4::float8 * interval '1 millisecond', $4::bigint FROM clock
         ON CONFLICT (thread_id) DO UPDATE
           SET holder = excluded.holder, token = excluded.token, since = excluded.since,
               expires_at = excluded.expires_at, ttl_ms = excluded.ttl_ms,
               stop_by = NULL, stop_reason = NULL, stop_at = NULL
           WHERE l.expires_at <= excluded.since OR $5::boolean
         RETURNING ${LEASE_COLUMNS}`,
        [threadId, holder, randomUUID(), ttlMs, takeOver],
      );
      const won = res.rows[0];
      if (won) return leaseFromRow(won);
      const held = await this.held(threadId);
      if (held) throw threadBusy(held);
      // Released or expired since the claim: the thread is free now, so try again.
      if (attempt === CLAIM_ATTEMPTS) {
        throw new WeftError(
          'THREAD_BUSY',
          `thread "${threadId}" changed hands ${CLAIM_ATTEMPTS} times while this claim tried to take it; try again`,
          { details: { threadId } },
        );
      }
    }
  }

  /** Extends the lease by its ttl from the database's now, when this token still holds it (expired or not). */
  async renew(lease: ThreadLease): Promise<ThreadLease> {
    const res = await this.#query<LeaseRow>(
      'lease-renew',
      `UPDATE ${this.#table}
       SET expires_at = date_trunc('milliseconds', clock_timestamp()) + ttl_ms::float8 * interval '1 millisecond'
       WHERE thread_id = $1::text AND token = $2::text
       RETURNING ${LEASE_COLUMNS}`,
      [lease.threadId, lease.token],
    );
    const renewed = res.rows[0];
    if (renewed) return leaseFromRow(renewed);
    throw leaseLost(lease, await this.held(lease.threadId));
  }

  /** Deletes the row only while this token holds it: never someone else's lease. */
  async release(lease: ThreadLease): Promise<void> {
    await this.#query('lease-release', `DELETE FROM ${this.#table} WHERE thread_id = $1::text AND token = $2::text`, [
      lease.threadId,
      lease.token,
    ]);
  }

  /**
   * Marks the unexpired lease with a stop request, keeping an earlier one
   * (one statement); then reads the lease back, marked by this call or before.
   */
  async requestStop(threadId: string, request: StopRequestOptions): Promise<ThreadLease | undefined> {
    await this.#query(
      'lease-stop',
      `UPDATE ${this.#table}
       SET stop_by = $2::text, stop_reason = $3::text, stop_at = date_trunc('milliseconds', clock_timestamp())
       WHERE thread_id = $1::text AND expires_at > clock_timestamp() AND stop_at IS NULL`,
      [threadId, request.by, request.reason],
    );
    return this.held(threadId);
  }

  /** The thread's lease while it is unexpired by the database's clock. */
  async held(threadId: string): Promise<ThreadLease | undefined> {
    const res = await this.#query<LeaseRow>(
      'lease-held',
      `SELECT ${LEASE_COLUMNS} FROM ${this.#table} WHERE thread_id = $1::text AND expires_at > clock_timestamp()`,
      [threadId],
    );
    const row = res.rows[0];
    return row && leaseFromRow(row);
  }
}
