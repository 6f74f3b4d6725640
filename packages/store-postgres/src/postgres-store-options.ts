import pg from 'pg';
import { WeftError } from '@weft/common';
import { checkLeaseTtl } from '@weft/checkpoint';

export interface PostgresStoreOptions {
  /** e.g. `postgres://user@host:5432/db`. Without it (and without `pool`), pg reads the PG* environment variables. */
  connectionString?: string;
  /** A pool you own: the store uses it and `close()` leaves it open. Not together with `connectionString` or `max`. */
  pool?: pg.Pool;
  /** The schema that holds the store's tables, created on first use (default `weft`). */
  schema?: string;
  /** Size of the pool the store creates (default pg's, 10). */
  max?: number;
  /**
   * How long a thread's lease lasts unless its holder renews it (default 15 s).
   * Runs renew after a third of it; a holder that dies frees its threads after at most this long.
   */
  leaseTtlMs?: number;
}

export interface ResolvedOptions {
  pool: pg.Pool;
  /** Whether the store created the pool, and so ends it in `close()`. */
  ownsPool: boolean;
  /** Already quoted for SQL. */
  schemaSql: string;
  schema: string;
  leaseTtlMs: number;
}

/** Lower-case SQL identifiers only, so a schema name never needs care when it appears in logs, URLs or psql. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function resolveOptions(options: PostgresStoreOptions): ResolvedOptions {
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `new PostgresStore(): ${msg}`);
  if (options === null || typeof options !== 'object') throw bad('options must be an object');
  const { connectionString, pool, schema = 'weft', max } = options;
  if (connectionString !== undefined && (typeof connectionString !== 'string' || connectionString === ''))
    throw bad('connectionString must be a non-empty string');
  if (pool !== undefined && !(pool instanceof pg.Pool)) throw bad('pool must be a pg.Pool');
  if (pool && connectionString !== undefined) throw bad('pool and connectionString are exclusive: pass one');
  if (max !== undefined && (!Number.isInteger(max) || max < 1)) throw bad('max must be a positive integer');
  if (pool && max !== undefined) throw bad('max sizes the pool the store creates; set it on your own pool instead');
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema))
    throw bad(`schema must be a lower-case SQL identifier (${SCHEMA_NAME.source}), got ${JSON.stringify(schema)}`);
  const leaseTtlMs = checkLeaseTtl(options.leaseTtlMs, 'new PostgresStore()');
  const config: pg.PoolConfig = {};
  if (connectionString !== undefined) config.connectionString = connectionString;
  if (max !== undefined) config.max = max;
  const own = pool ?? new pg.Pool(config);
  // An idle client that loses its connection emits 'error' on the pool; unhandled, that would kill the
  // process. The pool drops that client and the next query opens a new one, so there is nothing to do.
  if (!pool) own.on('error', () => {});
  return { pool: own, ownsPool: !pool, schema, schemaSql: `"${schema}"`, leaseTtlMs };
}
