/**
 * The columns of a LeaseRow (from @weft/checkpoint), as this store selects them. Stored times are truncated to milliseconds, so
 * rounding them here is exact and `expiresAt - since` is exactly `ttlMs`
 * after a claim. float8, not bigint: pg hands bigint back as a string.
 */
export const LEASE_COLUMNS = `thread_id, holder, token,
  round(extract(epoch FROM since) * 1000)::float8 AS since,
  round(extract(epoch FROM expires_at) * 1000)::float8 AS expires_at,
  ttl_ms::float8 AS ttl_ms, stop_by, stop_reason,
  round(extract(epoch FROM stop_at) * 1000)::float8 AS stop_at`;
