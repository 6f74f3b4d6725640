import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Role, TaskState, type Task } from '@a2a-js/sdk';
import { ServerCallContext } from '@a2a-js/sdk/server';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTaskStore, type OpenedTaskStore } from '../index.ts';
import { loadDriver } from './load-driver.ts';

const PG_URL = process.env['WEFT_PG_URL'];
const dir = mkdtempSync(join(tmpdir(), 'weft-a2a-task-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A task as serveA2A saves it: input-required, with the message that made it. */
function taskOf(id: string): Task {
  const parts = [{ content: { $case: 'text' as const, value: 'Refund A1' }, mediaType: 'text/plain', filename: '', metadata: undefined }];
  const message = {
    messageId: `m-${id}`,
    role: Role.ROLE_USER,
    parts,
    taskId: id,
    contextId: `c-${id}`,
    extensions: [],
    referenceTaskIds: [],
    metadata: undefined,
  };
  return {
    id,
    contextId: `c-${id}`,
    status: { state: TaskState.TASK_STATE_INPUT_REQUIRED, message: undefined, timestamp: '2026-11-28T20:00:00.000Z' },
    artifacts: [],
    history: [message],
    metadata: { thread: `a2a-c-${id}` },
  };
}

/** Saves a task through the store and reads it back through it. */
async function roundTrip(opened: OpenedTaskStore, id: string): Promise<Task | undefined> {
  const context = new ServerCallContext();
  await opened.taskStore.save(taskOf(id), context);
  return opened.taskStore.load(id, context);
}

/** The SDK's own migration command, as an operator runs it: what it says of the task table's migrations. */
async function a2aDbStatus(url: string, table: string): Promise<string> {
  const database = createRequire(import.meta.url).resolve('@a2a-js/sdk/server/database');
  const cli = join(dirname(database), '..', '..', 'cli', 'a2a_db.js');
  const { stdout } = await promisify(execFile)(process.execPath, [
    cli,
    'status',
    '--url',
    url,
    '--store',
    'tasks',
    '--tasks-table-name',
    table,
  ]);
  return stdout;
}

/** The tables and indexes of a SQLite file, and the task ledger's rows. */
function schemaOf(file: string, table = 'a2a_tasks'): { names: string[]; ledger: string[] } {
  const db = new Database(file, { readonly: true });
  try {
    const names = (
      db.prepare("select name from sqlite_master where name not like 'sqlite_%' order by name").all() as { name: string }[]
    ).map((r) => r.name);
    const ledger = names.includes(`a2a_${table}_migrations`)
      ? (db.prepare(`select name from a2a_${table}_migrations`).all() as { name: string }[]).map((r) => r.name)
      : [];
    return { names, ledger };
  } finally {
    db.close();
  }
}

/** `a2a-db status` on a table whose migration ran. */
const APPLIED = /^tasks\n {2}0001_create_tasks {2}applied {2}\d{4}-\d\d-\d\dT/;

const SQLITE_TABLES = [
  'a2a_a2a_tasks_migrations',
  'a2a_migrations_lock',
  'a2a_tasks',
  'a2a_tasks_scope_context_updated_idx',
  'a2a_tasks_scope_updated_idx',
];

describe('databaseTaskStore() on a SQLite file', () => {
  it('creates the folders and the task table once (the SDK reads its migration as applied), and saves and loads a task', async () => {
    const file = join(dir, 'nested', 'folders', 'a2a.db');
    const first = await databaseTaskStore({ sqlite: file });
    expect(await roundTrip(first, 'task-1')).toEqual(taskOf('task-1'));
    const second = await databaseTaskStore({ sqlite: file });
    expect(await second.taskStore.load('task-1', new ServerCallContext())).toEqual(taskOf('task-1'));
    await second.close();
    await first.close();

    expect(schemaOf(file)).toEqual({ names: SQLITE_TABLES, ledger: ['0001_create_tasks'] });
    expect(await a2aDbStatus(`sqlite:${file}`, 'a2a_tasks')).toMatch(APPLIED);
    const journal = new Database(file);
    expect(journal.pragma('journal_mode', { simple: true })).toBe('wal');
    journal.close();
  });

  it('three stores opening a new file at once make the table once, and all three work on it', async () => {
    const file = join(dir, 'race.db');
    const stores = await Promise.all([1, 2, 3].map(() => databaseTaskStore({ sqlite: file })));
    expect(await roundTrip(stores[0]!, 'task-race')).toEqual(taskOf('task-race'));
    for (const store of stores.slice(1))
      expect(await store.taskStore.load('task-race', new ServerCallContext())).toEqual(taskOf('task-race'));
    for (const store of stores) await store.close();
    expect(schemaOf(file)).toEqual({ names: SQLITE_TABLES, ledger: ['0001_create_tasks'] });
  });

  it('keeps the table another name names, beside a default one', async () => {
    const file = join(dir, 'named.db');
    const opened = await databaseTaskStore({ sqlite: file }, { table: 'served_tasks' });
    expect(await roundTrip(opened, 'task-2')).toEqual(taskOf('task-2'));
    await opened.close();
    expect(schemaOf(file, 'served_tasks')).toEqual({
      names: [
        'a2a_migrations_lock',
        'a2a_served_tasks_migrations',
        'served_tasks',
        'served_tasks_scope_context_updated_idx',
        'served_tasks_scope_updated_idx',
      ],
      ledger: ['0001_create_tasks'],
    });
  });

  it('releases the file it opened on close: the WAL is checkpointed away and the store no longer reads', async () => {
    const file = join(dir, 'closed.db');
    const opened = await databaseTaskStore({ sqlite: file });
    await roundTrip(opened, 'task-3');
    expect(existsSync(`${file}-wal`)).toBe(true);
    await opened.close();
    await opened.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    await expect(opened.taskStore.load('task-3', new ServerCallContext())).rejects.toThrow(/not open/);
    const reopened = await databaseTaskStore({ sqlite: file });
    expect(await reopened.taskStore.load('task-3', new ServerCallContext())).toEqual(taskOf('task-3'));
    await reopened.close();
  });

  it('leaves a Database the caller opened open on close', async () => {
    const database = new Database(join(dir, 'given.db'));
    const opened = await databaseTaskStore({ sqlite: database });
    expect(await roundTrip(opened, 'task-4')).toEqual(taskOf('task-4'));
    await opened.close();
    expect(database.open).toBe(true);
    expect(database.prepare('select id from a2a_tasks').all()).toEqual([{ id: 'task-4' }]);
    database.close();
  });
});

describe('databaseTaskStore() failures', () => {
  it('a path under a file is TASK_STORE_FAILED naming the table and the cause', async () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'not a folder');
    const error = await databaseTaskStore({ sqlite: join(blocker, 'tasks', 'a2a.db') }).catch((err: unknown) => err);
    expect(error).toMatchObject({
      name: 'A2aError',
      code: 'TASK_STORE_FAILED',
      message: expect.stringMatching(/^cannot open sqlite .*blocker\/tasks\/a2a\.db for the A2A task table a2a_tasks: .*(ENOTDIR|EEXIST)/),
    });
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder');
  });

  it('a file that is not SQLite is TASK_STORE_FAILED, and the file is left as it was', async () => {
    const file = join(dir, 'garbage.db');
    const garbage = 'this is not a SQLite database, and it stays as it is'.repeat(20);
    writeFileSync(file, garbage);
    await expect(databaseTaskStore({ sqlite: file })).rejects.toMatchObject({
      code: 'TASK_STORE_FAILED',
      message: `cannot open sqlite ${file} for the A2A task table a2a_tasks: file is not a database`,
    });
    expect(readFileSync(file, 'utf8')).toBe(garbage);
  });

  it('a database that cannot be written is TASK_STORE_FAILED: no table is made and the caller’s Database stays open', async () => {
    const file = join(dir, 'read-only.db');
    new Database(file).close();
    const database = new Database(file, { readonly: true });
    await expect(databaseTaskStore({ sqlite: database })).rejects.toMatchObject({
      code: 'TASK_STORE_FAILED',
      message: 'cannot create the A2A task table a2a_tasks in sqlite (a Database): attempt to write a readonly database',
    });
    expect(database.open).toBe(true);
    database.close();
    expect(schemaOf(file)).toEqual({ names: [], ledger: [] });
  });

  it('a table name longer than the SDK allows is INVALID_ARGUMENT, before anything is opened', async () => {
    const file = join(dir, 'never.db');
    await expect(databaseTaskStore({ sqlite: file }, { table: 't'.repeat(38) })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `the A2A task table name "${'t'.repeat(38)}" must have 1 to 37 characters`,
    });
    expect(existsSync(file)).toBe(false);
  });

  it('a driver that is not installed is TASK_STORE_UNAVAILABLE naming the package to install', async () => {
    const name = 'weft-no-such-driver';
    const error = await loadDriver(name, 'an open one', () => import(name)).catch((err: unknown) => err);
    expect(error).toMatchObject({
      code: 'TASK_STORE_UNAVAILABLE',
      message: `the A2A task store needs ${name} (an optional peer dependency of @weft/a2a), which is not installed: npm install ${name}, or pass an open one`,
    });
    const broken = await loadDriver('pg', 'a pg Pool', () => Promise.reject(new Error('bad native binding'))).catch((err: unknown) => err);
    expect(broken).toMatchObject({
      code: 'TASK_STORE_UNAVAILABLE',
      message: 'the A2A task store cannot load pg: bad native binding (reinstall it: npm install pg)',
    });
  });
});

describe.skipIf(!PG_URL)('databaseTaskStore() on PostgreSQL', () => {
  /** A table of its own per test, so runs on one database do not meet. */
  const tableName = () => `a2a_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const made: string[] = [];
  afterAll(async () => {
    const pool = new pg.Pool({ connectionString: PG_URL });
    for (const table of made) {
      await pool.query(`drop table if exists "${table}"`);
      await pool.query(`drop table if exists "a2a_${table}_migrations"`);
    }
    await pool.end();
  });

  it('creates the table once from a URL (the SDK reads its migration as applied), saves and loads a task, and ends its pool', async () => {
    const table = tableName();
    made.push(table);
    const first = await databaseTaskStore({ postgres: PG_URL! }, { table });
    const second = await databaseTaskStore({ postgres: PG_URL! }, { table });
    expect(await roundTrip(first, 'task-pg-1')).toEqual(taskOf('task-pg-1'));
    expect(await second.taskStore.load('task-pg-1', new ServerCallContext())).toEqual(taskOf('task-pg-1'));
    await Promise.all([first.close(), second.close()]);
    await expect(first.taskStore.load('task-pg-1', new ServerCallContext())).rejects.toThrow(
      'Cannot use a pool after calling end on the pool',
    );
    expect(await a2aDbStatus(PG_URL!, table)).toMatch(APPLIED);
  });

  it('three stores opening at once make a new table once', async () => {
    const table = tableName();
    made.push(table);
    const stores = await Promise.all([1, 2, 3].map(() => databaseTaskStore({ postgres: PG_URL! }, { table })));
    expect(await roundTrip(stores[0]!, 'task-pg-race')).toEqual(taskOf('task-pg-race'));
    for (const store of stores) await store.close();
    expect(await a2aDbStatus(PG_URL!, table)).toMatch(APPLIED);
  });

  it('leaves a Pool the caller made open on close', async () => {
    const table = tableName();
    made.push(table);
    const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
    const opened = await databaseTaskStore({ postgres: pool }, { table });
    expect(await roundTrip(opened, 'task-pg-2')).toEqual(taskOf('task-pg-2'));
    await opened.close();
    const { rows } = await pool.query<{ id: string }>(`select id from "${table}"`);
    expect(rows).toEqual([{ id: 'task-pg-2' }]);
    await pool.end();
  });

  it('a server that cannot be reached is TASK_STORE_FAILED naming the table, its pool ended', async () => {
    const url = 'postgres://postgres@127.0.0.1:1/weft';
    await expect(databaseTaskStore({ postgres: url })).rejects.toMatchObject({
      code: 'TASK_STORE_FAILED',
      message: expect.stringMatching(/^cannot create the A2A task table a2a_tasks in postgres: .*ECONNREFUSED/),
    });
  });
});
