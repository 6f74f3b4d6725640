import pg from 'pg';
import { DEFAULT_MAX_VALUE_BYTES, MemoryError, type MemoryBankOptions } from '@weft/memory';

/** How vectors are kept and compared; see PostgresMemoryBank. */
export type VectorsOption = 'auto' | 'pgvector' | 'scan';

/** Options of `PostgresMemoryBank`: the bank options every bank takes, and its connection. */
export interface PostgresMemoryBankOptions extends MemoryBankOptions {
  /** A pool you own: the bank uses it and `close()` leaves it open. Not together with `connectionString`. */
  pool?: pg.Pool;
  /** e.g. `postgres://user@host:5432/db`. Without it (and without `pool`), pg reads the PG* environment variables. */
  connectionString?: string;
  /** The schema that holds the bank's tables (`memory_items`, …), created on first use (default `weft`). */
  schema?: string;
  /**
   * How vectors are kept: `scan` as float8[] compared by an exact cosine scan in SQL over the rows the
   * prefix and filter select; `pgvector` in pgvector's `vector` type compared with `<=>` (the extension
   * must be available on the server); `auto` (default) pgvector when the server has it, else `scan`.
   * A schema keeps the kind it was created with.
   */
  vectors?: VectorsOption;
}

export interface ResolvedMemoryOptions {
  pool: pg.Pool;
  /** Whether the bank created the pool, and so ends it in `close()`. */
  ownsPool: boolean;
  schema: string;
  /** Already quoted for SQL. */
  schemaSql: string;
  embedder: MemoryBankOptions['embedder'];
  maxValueBytes: number;
  now: () => number;
  vectors: VectorsOption;
}

/** Lower-case SQL identifiers only, as PostgresStore's schemas. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Checks the options before anything connects; every refusal is INVALID_ARGUMENT. */
export function resolveMemoryOptions(options: PostgresMemoryBankOptions): ResolvedMemoryOptions {
  const bad = (msg: string) => new MemoryError('INVALID_ARGUMENT', `new PostgresMemoryBank(): ${msg}`);
  if (options === null || typeof options !== 'object') throw bad('options must be an object');
  const { connectionString, pool, schema = 'weft', vectors = 'auto', maxValueBytes = DEFAULT_MAX_VALUE_BYTES, now = Date.now } = options;
  if (connectionString !== undefined && (typeof connectionString !== 'string' || connectionString === ''))
    throw bad('connectionString must be a non-empty string');
  if (pool !== undefined && !(pool instanceof pg.Pool)) throw bad('pool must be a pg.Pool');
  if (pool && connectionString !== undefined) throw bad('pool and connectionString are exclusive: pass one');
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema))
    throw bad(`schema must be a lower-case SQL identifier (${SCHEMA_NAME.source}), got ${JSON.stringify(schema)}`);
  if (vectors !== 'auto' && vectors !== 'pgvector' && vectors !== 'scan')
    throw bad(`vectors must be 'auto', 'pgvector' or 'scan' (got ${JSON.stringify(vectors)})`);
  if (!Number.isInteger(maxValueBytes) || maxValueBytes < 1) throw bad('maxValueBytes must be a positive whole number of bytes');
  if (typeof now !== 'function') throw bad('now must be a function returning epoch milliseconds');
  const { embedder } = options;
  if (embedder !== undefined && (typeof embedder !== 'object' || embedder === null || typeof embedder.embed !== 'function'))
    throw bad('embedder must be an Embedder (an object with name and embed())');
  const own = pool ?? new pg.Pool(connectionString === undefined ? {} : { connectionString });
  // A dropped idle connection emits 'error' on the pool; unhandled, it would end the process. The pool
  // replaces the client on the next query, so there is nothing more to do.
  if (!pool) own.on('error', () => {});
  return { pool: own, ownsPool: !pool, schema, schemaSql: `"${schema}"`, embedder, maxValueBytes, now, vectors };
}
