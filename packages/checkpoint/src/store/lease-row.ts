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
}

/** A row as a ThreadLease. */
export function leaseFromRow(row: LeaseRow): ThreadLease {
  return {
    threadId: row.thread_id,
    holder: row.holder,
    token: row.token,
    since: row.since,
    expiresAt: row.expires_at,
    ttlMs: row.ttl_ms,
  };
}
