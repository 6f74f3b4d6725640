import type { ThreadLease } from '@weft/graph';

/** A `leases` row as the store selects it: times in ms since the epoch, by the database's clock. */
export interface LeaseRow {
  thread_id: string;
  holder: string;
  token: string;
  since: number;
  expires_at: number;
  ttl_ms: number;
}

/**
 * The columns of a LeaseRow. Stored times are truncated to milliseconds, so
 * rounding them here is exact and `expiresAt - since` is exactly `ttlMs`
 * after a claim. float8, not bigint: pg hands bigint back as a string.
 */
export const LEASE_COLUMNS = `thread_id, holder, token,
  round(extract(epoch FROM since) * 1000)::float8 AS since,
  round(extract(epoch FROM expires_at) * 1000)::float8 AS expires_at,
  ttl_ms::float8 AS ttl_ms`;

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
