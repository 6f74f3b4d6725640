import { resolve } from 'node:path';
import type { databaseTaskStore as databaseTaskStoreOf, OpenedTaskStore as A2aTaskStore } from '@weft/a2a';
import { CliError } from './errors.ts';
import type { OpenedStore } from './open-store.ts';
import { storeSpec, type StoreSpec } from './store-spec.ts';

/** @weft/a2a's `databaseTaskStore` (a type only: the CLI loads @weft/a2a optionally, in weft a2a). */
export type DatabaseTaskStoreFn = typeof databaseTaskStoreOf;

export interface OpenedTaskStore {
  /** The SDK's `DatabaseTaskStore`; absent for `memory` (serveA2A then keeps tasks in its InMemoryTaskStore). */
  taskStore?: A2aTaskStore['taskStore'];
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
  /** @weft/a2a's `databaseTaskStore`, from the module `weft a2a` loaded. */
  databaseTaskStore: DatabaseTaskStoreFn;
}

/**
 * Where `weft a2a` keeps its A2A tasks: `--task-store` (a spec as `--store`
 * reads it, or `memory`), else beside the threads when `--store` is durable
 * (the same SQLite file or PostgreSQL database, table `a2a_tasks`), else in
 * memory. Kept in a database, a task left input-required outlives the
 * server: the client's answer after a restart resumes its thread. The store
 * itself, and its table, come from @weft/a2a's `databaseTaskStore`, which
 * brings the database drivers: the CLI loads none of them.
 */
export async function openTaskStore({ flag, threads, env, cwd, databaseTaskStore }: OpenTaskStoreOptions): Promise<OpenedTaskStore> {
  const named =
    flag !== undefined ? storeSpec(flag, env, '--task-store') : threads && !threads.ephemeral ? storeSpec(threads.spec, env) : undefined;
  if (named === undefined || named.kind === 'memory') return { label: 'memory', close: async () => {} };
  const label = named.kind === 'sqlite' ? `sqlite ${named.path}` : 'postgres';
  // `postgres:` alone is '': pg then reads the PG* variables, as the threads' store does.
  const where =
    named.kind === 'sqlite' ? { sqlite: named.path === ':memory:' ? named.path : resolve(cwd, named.path) } : { postgres: named.url };
  try {
    const { taskStore, close } = await databaseTaskStore(where);
    return { taskStore, label, close };
  } catch (err) {
    throw cliErrorOf(err, named);
  }
}

/** @weft/a2a's errors as the command reports them: a driver not installed exits with 2, a table that cannot be made with 1. */
function cliErrorOf(err: unknown, named: StoreSpec & { kind: 'sqlite' | 'postgres' }): unknown {
  const code = (err as { code?: unknown }).code;
  const why = err instanceof Error ? err.message : String(err);
  if (code === 'TASK_STORE_UNAVAILABLE')
    return new CliError(
      'A2A_UNAVAILABLE',
      why,
      'install it beside @weft/a2a, or pass --task-store memory (tasks then do not outlive the server)',
      {
        cause: err,
      },
    );
  if (code !== 'TASK_STORE_FAILED') return err;
  const hint =
    named.kind === 'sqlite'
      ? `check that ${named.path} is a SQLite file this user can write, or pass --task-store <spec> to keep tasks elsewhere (memory: they do not outlive the server)`
      : 'check that the PostgreSQL server is up and the URL is right, or pass --task-store <spec> to keep tasks elsewhere';
  return new CliError('STORE_UNREADABLE', why, hint, { cause: err });
}
