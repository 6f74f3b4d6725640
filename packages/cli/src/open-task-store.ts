import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CliError } from './errors.ts';
import { loadOptional } from './load-optional.ts';
import { migrateTaskTable, TASK_TABLE, type MigrationKit, type TaskTableKysely } from './migrate-task-table.ts';
import { storeUnreadable, type OpenedStore } from './open-store.ts';
import { storeSpec, type StoreSpec } from './store-spec.ts';

export interface OpenedTaskStore {
  /** The SDK's `DatabaseTaskStore`; absent for `memory` (serveA2A then keeps tasks in its InMemoryTaskStore). */
  taskStore?: object;
  /** For people: `sqlite .weft/a2a.db`, `postgres`, `memory`. */
  label: string;
  close(): Promise<void>;
}

export interface OpenTaskStoreOptions {
  /** The `--task-store` flag, if given. */
  flag: string | undefined;
  /** The threads' store `--store` opened, if given: a durable one keeps the tasks too when no `--task-store` is given. */
  threads: OpenedStore | undefined;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** What `weft a2a` needs of the `kysely` module. */
interface KyselyModule extends MigrationKit {
  Kysely: new (config: { dialect: unknown }) => TaskTableKysely & { destroy(): Promise<void> };
  SqliteDialect: new (config: { database: unknown }) => unknown;
  PostgresDialect: new (config: { pool: unknown }) => unknown;
}

interface SqliteModule {
  default: new (file: string) => { pragma(source: string): unknown };
}

interface PgModule {
  Pool: new (config: { connectionString?: string; max?: number }) => unknown;
}

interface TaskStoreModule {
  DatabaseTaskStore: new (db: unknown, options: { tableName: string }) => object;
}

const NEED = 'weft a2a with a durable task store';

/** loadOptional for a part of the database task store; its hint also names the way out that needs nothing installed. */
async function loadPart<T>(specifier: string): Promise<T> {
  try {
    return await loadOptional<T>(specifier, 'A2A_UNAVAILABLE', NEED);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    const hint = `${err.hint}; or pass --task-store memory (tasks then do not outlive the server)`;
    throw new CliError(err.code, err.message, hint, { cause: err.cause });
  }
}

/**
 * Where `weft a2a` keeps its A2A tasks: `--task-store` (a spec as `--store`
 * reads it, or `memory`), else beside the threads when `--store` is durable
 * (the same SQLite file or PostgreSQL database, table `a2a_tasks`), else in
 * memory. Kept in a database, a task left input-required outlives the
 * server: the client's answer after a restart resumes its thread. The table
 * is created at start, once (see migrateTaskTable).
 */
export async function openTaskStore({ flag, threads, env, cwd }: OpenTaskStoreOptions): Promise<OpenedTaskStore> {
  const named =
    flag !== undefined ? storeSpec(flag, env, '--task-store') : threads && !threads.ephemeral ? storeSpec(threads.spec, env) : undefined;
  if (named === undefined || named.kind === 'memory') return { label: 'memory', close: async () => {} };
  const kysely = await loadPart<KyselyModule>('kysely');
  const { DatabaseTaskStore } = await loadPart<TaskStoreModule>('@a2a-js/sdk/server/database');
  const { dialect, label } = await dialectFor(kysely, named, cwd);
  const db = new kysely.Kysely({ dialect });
  try {
    await migrateTaskTable(db, kysely, named.kind, TASK_TABLE);
  } catch (err) {
    await db.destroy();
    const why = err instanceof Error ? err.message : String(err);
    throw new CliError('STORE_UNREADABLE', `cannot create the A2A task table ${TASK_TABLE} in ${label}: ${why}`, hintFor(named), {
      cause: err,
    });
  }
  return { taskStore: new DatabaseTaskStore(db, { tableName: TASK_TABLE }), label, close: () => db.destroy() };
}

/** The Kysely dialect for a SQLite file (parent folders created, WAL as the checkpoint store opens it) or a PostgreSQL URL. */
async function dialectFor(
  kysely: KyselyModule,
  named: StoreSpec & { kind: 'sqlite' | 'postgres' },
  cwd: string,
): Promise<{ dialect: unknown; label: string }> {
  if (named.kind === 'sqlite') {
    const { default: Database } = await loadPart<SqliteModule>('better-sqlite3');
    const file = named.path === ':memory:' ? named.path : resolve(cwd, named.path);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const database = opening(file, () => new Database(file));
    // First the wait: the threads' store writes to the same file from another connection.
    database.pragma('busy_timeout = 5000');
    database.pragma('journal_mode = WAL');
    return { dialect: new kysely.SqliteDialect({ database }), label: `sqlite ${named.path}` };
  }
  const { Pool } = await loadPart<PgModule>('pg');
  // `postgres:` alone: pg reads the PG* variables, as the threads' store does.
  const pool = new Pool({ ...(named.url ? { connectionString: named.url } : {}), max: 4 });
  return { dialect: new kysely.PostgresDialect({ pool }), label: 'postgres' };
}

function opening<T>(file: string, open: () => T): T {
  try {
    return open();
  } catch (err) {
    throw storeUnreadable(file, err);
  }
}

function hintFor(named: StoreSpec & { kind: 'sqlite' | 'postgres' }): string {
  return named.kind === 'sqlite'
    ? `check that ${named.path} is a SQLite file this user can write, or pass --task-store <spec> to keep tasks elsewhere (memory: they do not outlive the server)`
    : 'check that the PostgreSQL server is up and the URL is right, or pass --task-store <spec> to keep tasks elsewhere';
}
