import type { ThreadLease } from './thread-lease.ts';

/**
 * A thread's lease as SQL stores keep it (one column per field, snake_case;
 * times in ms since the epoch).
 */
export interface LeaseRow {
  thread_id: string;
  holder: string;
  token: string;
  since: number;
  expires_at: number;
  ttl_ms: number;
  /** The stop request on this lease (all three set, or none): see ThreadLease.stopRequested. */
  stop_by?: string | null;
  stop_reason?: string | null;
  stop_at?: number | null;
}

/** A row as a ThreadLease. */
export function leaseFromRow(row: LeaseRow): ThreadLease {
  const lease: ThreadLease = {
    threadId: row.thread_id,
    holder: row.holder,
    token: row.token,
    since: row.since,
    expiresAt: row.expires_at,
    ttlMs: row.ttl_ms,
  };
  if (row.stop_at !== undefined && row.stop_at !== null)
    lease.stopRequested = { by: row.stop_by ?? '', reason: row.stop_reason ?? '', at: row.stop_at };
  return lease;
}
