import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TaskStore } from '@a2a-js/sdk/server';
import { DatabaseTaskStore } from '@a2a-js/sdk/server/database';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect, type PostgresPool, type SqliteDatabase } from 'kysely';
import { A2aError } from '../errors.ts';
import { loadDriver } from './load-driver.ts';
import { migrateTaskTable } from './migrate-task-table.ts';

/**
 * Where `databaseTaskStore()` keeps the A2A tasks: a SQLite file (its path,
 * `:memory:`, or an open better-sqlite3 `Database`) or a PostgreSQL database
 * (its URL, `''` for the one pg's `PG*` environment variables name, or a pg
 * `Pool`).
 */
export type TaskDatabase = { sqlite: string | SqliteDatabase } | { postgres: string | PostgresPool };

export interface DatabaseTaskStoreOptions {
  /**
   * The task table (default `a2a_tasks`: in a file or database shared with
   * the threads, the SDK's own default `tasks` would be a generic name). At
   * most 37 characters, as the SDK's `a2a-db` allows.
   */
  table?: string;
}

export interface OpenedTaskStore {
  /** The SDK's `DatabaseTaskStore` on the table: pass it as `serveA2A`'s `taskStore`. */
  taskStore: TaskStore;
  /** Closes the database or pool opened from a path or URL; a `Database` or `Pool` passed in stays open. Once is enough. */
  close(): Promise<void>;
}

const DEFAULT_TABLE = 'a2a_tasks';
/** The SDK's `a2a-db` refuses longer names: the index names derived from it must fit PostgreSQL's 63. */
const MAX_TABLE_LENGTH = 37;

/** A database ready for Kysely, and how to close what was opened for it. */
interface Opened {
  dialect: Dialect;
  kind: 'sqlite' | 'postgres';
  label: string;
  release(): Promise<void>;
}

/**
 * The SDK's `DatabaseTaskStore` on a table this creates if it is missing
 * (the SDK's own migration, recorded in its ledger, so `npx a2a-db` need
 * not be run). With a durable checkpoint store beside it, a task left
 * `input-required` outlives the server: the client's answer after a restart
 * resumes its thread. A SQLite file is opened in WAL with a busy timeout,
 * as Weft's SqliteStore opens it, so both can share one file. The driver
 * (`better-sqlite3` or `pg`) is loaded only for a path or URL.
 *
 * @example
 * const tasks = await databaseTaskStore({ sqlite: '.weft/a2a.db' });
 * const served = await serveA2A(agent, { store: new SqliteStore({ path: '.weft/a2a.db' }), taskStore: tasks.taskStore });
 * // … later: await served.close(); await tasks.close();
 */
export async function databaseTaskStore(where: TaskDatabase, options: DatabaseTaskStoreOptions = {}): Promise<OpenedTaskStore> {
  const table = options.table ?? DEFAULT_TABLE;
  if (table.length === 0 || table.length > MAX_TABLE_LENGTH)
    throw new A2aError('INVALID_ARGUMENT', `the A2A task table name "${table}" must have 1 to ${MAX_TABLE_LENGTH} characters`);
  const opened = 'sqlite' in where ? await openSqlite(where.sqlite, table) : await openPostgres(where.postgres);
  const db = new Kysely<unknown>({ dialect: opened.dialect });
  let closing: Promise<void> | undefined;
  // Not db.destroy(): it would also close a Database or Pool the caller passed in.
  const close = (): Promise<void> => (closing ??= opened.release());
  try {
    await migrateTaskTable(db, opened.kind, table);
  } catch (err) {
    await close();
    throw failed(`cannot create the A2A task table ${table} in ${opened.label}`, err);
  }
  return { taskStore: new DatabaseTaskStore(db, { tableName: table }), close };
}

async function openSqlite(given: string | SqliteDatabase, table: string): Promise<Opened> {
  if (typeof given !== 'string')
    return { dialect: new SqliteDialect({ database: given }), kind: 'sqlite', label: 'sqlite (a Database)', release: async () => {} };
  const { default: Database } = await loadDriver('better-sqlite3', 'an open better-sqlite3 Database', () => import('better-sqlite3'));
  const label = `sqlite ${given}`;
  let database: InstanceType<typeof Database> | undefined;
  try {
    if (given !== ':memory:') mkdirSync(dirname(given), { recursive: true });
    database = new Database(given);
    // First the wait: the threads' SqliteStore writes to the same file from another connection.
    database.pragma('busy_timeout = 5000');
    database.pragma('journal_mode = WAL');
  } catch (err) {
    database?.close();
    throw failed(`cannot open ${label} for the A2A task table ${table}`, err);
  }
  const opened = database;
  return { dialect: new SqliteDialect({ database: opened }), kind: 'sqlite', label, release: async () => void opened.close() };
}

async function openPostgres(given: string | PostgresPool): Promise<Opened> {
  if (typeof given !== 'string')
    return { dialect: new PostgresDialect({ pool: given }), kind: 'postgres', label: 'postgres (a Pool)', release: async () => {} };
  const { default: pg } = await loadDriver('pg', 'a pg Pool', () => import('pg'));
  // '' leaves the connection to the PG* variables, as the threads' PostgresStore reads them.
  const pool = new pg.Pool({ ...(given ? { connectionString: given } : {}), max: 4 });
  // An idle client that loses its connection emits 'error' on the pool; unhandled, that would end the
  // process. The pool drops that client and the next query opens another, so there is nothing to do.
  pool.on('error', () => {});
  // The URL may carry a password: the label does not show it.
  return { dialect: new PostgresDialect({ pool }), kind: 'postgres', label: 'postgres', release: () => pool.end() };
}

function failed(what: string, err: unknown): A2aError {
  const why = err instanceof Error ? err.message : String(err);
  return new A2aError('TASK_STORE_FAILED', `${what}: ${why}`, { cause: err });
}
