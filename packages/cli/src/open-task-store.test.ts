/**
 * How `weft a2a` reports what @weft/a2a's databaseTaskStore refuses: a
 * driver that is not installed is a command-line problem (exit code 2), a
 * table that cannot be made is STORE_UNREADABLE (exit code 1). The real
 * failures (a file that is not SQLite) are run through the command in
 * commands/a2a-durable.test.ts.
 */
import { A2aError } from '@weft/a2a';
import { describe, expect, it } from 'vitest';
import { CliError } from './errors.ts';
import { openTaskStore, type DatabaseTaskStoreFn } from './open-task-store.ts';

const refusing =
  (error: unknown): DatabaseTaskStoreFn =>
  () =>
    Promise.reject(error);

const open = (flag: string, databaseTaskStore: DatabaseTaskStoreFn) =>
  openTaskStore({ flag, threads: undefined, env: {}, cwd: '/project', databaseTaskStore });

describe('openTaskStore()', () => {
  it('asks databaseTaskStore for the file the spec names, from the working folder, and labels it as given', async () => {
    const asked: unknown[] = [];
    const closed: string[] = [];
    // Passed along, never called: any object stands for the SDK's TaskStore here.
    const store = { kind: 'task store' } as unknown as Awaited<ReturnType<DatabaseTaskStoreFn>>['taskStore'];
    const opened = await open('sqlite:.weft/a2a.db', (where) => {
      asked.push(where);
      return Promise.resolve({ taskStore: store, close: async () => void closed.push('closed') });
    });
    expect([asked, opened.taskStore, opened.label]).toEqual([[{ sqlite: '/project/.weft/a2a.db' }], store, 'sqlite .weft/a2a.db']);
    await opened.close();
    expect(closed).toEqual(['closed']);
  });

  it('a driver @weft/a2a cannot load is A2A_UNAVAILABLE (exit code 2) with its message and a way out', async () => {
    const missing = new A2aError(
      'TASK_STORE_UNAVAILABLE',
      'the A2A task store needs pg (an optional peer dependency of @weft/a2a), which is not installed: npm install pg, or pass a pg Pool',
    );
    const error = await open('postgres://db.example/app', refusing(missing)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: 'A2A_UNAVAILABLE',
      exitCode: 2,
      message: missing.message,
      hint: 'install it beside @weft/a2a, or pass --task-store memory (tasks then do not outlive the server)',
      cause: missing,
    });
  });

  it('a table that cannot be made is STORE_UNREADABLE (exit code 1); any other error is passed on as it is', async () => {
    const failed = new A2aError('TASK_STORE_FAILED', 'cannot create the A2A task table a2a_tasks in postgres: connect ECONNREFUSED');
    await expect(open('postgres:', refusing(failed))).rejects.toMatchObject({
      code: 'STORE_UNREADABLE',
      exitCode: 1,
      message: failed.message,
      hint: 'check that the PostgreSQL server is up and the URL is right, or pass --task-store <spec> to keep tasks elsewhere',
    });
    const other = new Error('something else');
    await expect(open('postgres:', refusing(other))).rejects.toBe(other);
  });

  it('memory asks nothing of databaseTaskStore', async () => {
    const opened = await open('memory', refusing(new Error('not called')));
    expect([opened.taskStore, opened.label]).toEqual([undefined, 'memory']);
  });
});
