import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryStore, type CheckpointStore } from '@weft/graph';
import { usageError } from './errors.ts';

/** Where checkpoints go when no `--store` (and no WEFT_STORE) is given: a SQLite file in the working folder. */
export const DEFAULT_STORE = 'sqlite:.weft/weft.db';

export interface OpenedStore {
  store: CheckpointStore;
  /** The spec as given (`sqlite:…`, `postgres:…`, `memory`). */
  spec: string;
  /** Whether the spec came from `--store`: then a printed resume command must repeat it. */
  explicit: boolean;
  /** For people: `sqlite .weft/weft.db`, `postgres`, `memory`. */
  label: string;
  /** The store only lives as long as this command (`memory`). */
  ephemeral: boolean;
  /** A read-only command found no SQLite file: the store is empty and nothing was created. */
  missing: boolean;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** The `--store` flag, if given. */
  flag: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Commands that only read (history, threads, resume) do not create a SQLite file that is not there. */
  create: boolean;
}

/**
 * Opens the store a spec names: `sqlite:<file>` (relative to the working
 * folder; parent folders are created), `postgres:<url>` or a bare
 * `postgres://…` URL (`postgres:` alone reads the PG* variables), or `memory`.
 */
export async function openStore({ flag, env, cwd, create }: OpenStoreOptions): Promise<OpenedStore> {
  const spec = flag ?? env['WEFT_STORE'] ?? DEFAULT_STORE;
  const base = { spec, explicit: flag !== undefined, ephemeral: false, missing: false };
  if (spec === 'memory') return { ...base, store: new MemoryStore(), label: 'memory', ephemeral: true, close: async () => {} };
  if (spec.startsWith('sqlite:') && spec.length > 'sqlite:'.length) {
    const path = spec.slice('sqlite:'.length);
    const label = `sqlite ${path}`;
    if (!create && path !== ':memory:' && !existsSync(resolve(cwd, path)))
      return { ...base, store: new MemoryStore(), label, missing: true, close: async () => {} };
    const { SqliteStore } = await import('@weft/store-sqlite');
    const store = new SqliteStore({ path: path === ':memory:' ? path : resolve(cwd, path) });
    return { ...base, store, label, close: () => store.close() };
  }
  const url = /^postgres(ql)?:\/\//.test(spec) ? spec : spec.startsWith('postgres:') ? spec.slice('postgres:'.length) : undefined;
  if (url !== undefined) {
    const { PostgresStore } = await import('@weft/store-postgres');
    const store = new PostgresStore(url ? { connectionString: url } : {});
    return { ...base, store, label: 'postgres', close: () => store.close() };
  }
  throw usageError(
    `${flag !== undefined ? '--store' : 'WEFT_STORE'} ${JSON.stringify(spec)} names no store`,
    'use sqlite:<file>, postgres:<url> (or a postgres:// URL) or memory',
  );
}
