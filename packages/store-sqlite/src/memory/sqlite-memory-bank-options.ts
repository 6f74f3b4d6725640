import type Database from 'better-sqlite3';
import { MemoryError } from '@weft/memory';
import type { MemoryBankOptions } from '@weft/memory';

/**
 * How vector search ranks items:
 * - `auto` (default): with the sqlite-vec extension when it loads, else an exact scan in JavaScript.
 * - `sqlite-vec`: with sqlite-vec; the first call fails when it cannot be loaded.
 * - `scan`: an exact scan in JavaScript (no extension loaded).
 *
 * Both rank the same items the same way: every item under the prefix that
 * matches the filter is compared with the query (see SqliteMemoryBank).
 */
export type VectorSearch = 'auto' | 'sqlite-vec' | 'scan';

/** Options of `new SqliteMemoryBank()`: a database file or an open better-sqlite3 database, and the options of every bank. */
export interface SqliteMemoryBankOptions extends MemoryBankOptions {
  /** The database file (parent folders are created), or `':memory:'`. The bank opens it in WAL mode and closes it on close(). */
  path?: string;
  /** An open better-sqlite3 database instead of `path`: the bank creates its tables in it and never closes it. */
  database?: Database.Database;
  /** Prepended to the bank's table names (default `weft_memory_`): letters, digits and `_`, starting with a letter. */
  tablePrefix?: string;
  vectors?: VectorSearch;
}

/** The options once checked. */
export interface CheckedBankOptions {
  source: { path: string } | { database: Database.Database };
  tablePrefix: string;
  vectors: VectorSearch;
}

const PREFIX = /^[A-Za-z][A-Za-z0-9_]{0,47}$/;
const VECTORS: readonly VectorSearch[] = ['auto', 'sqlite-vec', 'scan'];

/** Checks what `new SqliteMemoryBank()` was given; a mistake is INVALID_ARGUMENT saying what to pass. */
export function checkBankOptions(options: unknown): CheckedBankOptions {
  const bad = (message: string) => new MemoryError('INVALID_ARGUMENT', `new SqliteMemoryBank(): ${message}`);
  if (typeof options !== 'object' || options === null)
    throw bad("pass an options object: new SqliteMemoryBank({ path: '.weft/memory.db' })");
  const { path, database, tablePrefix = 'weft_memory_', vectors = 'auto' } = options as SqliteMemoryBankOptions;
  if ((path === undefined) === (database === undefined))
    throw bad('pass either path (a file) or database (an open better-sqlite3 database)');
  if (path !== undefined && (typeof path !== 'string' || path === '')) throw bad("path must be a non-empty string (a file, or ':memory:')");
  if (database !== undefined && (typeof database !== 'object' || database === null || typeof database.prepare !== 'function'))
    throw bad('database must be an open better-sqlite3 Database');
  if (typeof tablePrefix !== 'string' || !PREFIX.test(tablePrefix))
    throw bad(`tablePrefix must be 1 to 48 letters, digits and _, starting with a letter (got ${JSON.stringify(tablePrefix)})`);
  if (!VECTORS.includes(vectors))
    throw bad(`vectors must be one of ${VECTORS.map((v) => `'${v}'`).join(', ')} (got ${JSON.stringify(vectors)})`);
  return { source: path !== undefined ? { path } : { database: database! }, tablePrefix, vectors };
}
