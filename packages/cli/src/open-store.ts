import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryStore, type CheckpointStore } from '@weft/graph';
import { CliError } from './errors.ts';
import { leaseTtlFromEnv } from './lease-ttl.ts';
import { storeSpec } from './store-spec.ts';

export interface OpenedStore {
  store: CheckpointStore;
  /** The spec as given (`sqlite:…`, `postgres:…`, `memory`). */
  spec: string;
  /** Whether the spec came from `--store`: then a printed resume command must repeat it. */
  explicit: boolean;
  /** For people: `sqlite .weft/weft.db`, `postgres`, `memory`. */
  label: string;
  /**
   * The SQLite file (absolute) of a `sqlite:<file>` store. Whoever can write
   * it can write its folder too (SQLite creates its journal there), so
   * `weft resume` loads no module from that folder by itself.
   */
  file?: string | undefined;
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
  const named = storeSpec(flag, env);
  const base = { spec: named.spec, explicit: named.explicit, ephemeral: false, missing: false };
  const leaseTtlMs = leaseTtlFromEnv(env);
  const lease = leaseTtlMs === undefined ? {} : { leaseTtlMs };
  if (named.kind === 'memory') return { ...base, store: new MemoryStore(lease), label: 'memory', ephemeral: true, close: async () => {} };
  if (named.kind === 'sqlite') {
    const { path } = named;
    const label = `sqlite ${path}`;
    if (!create && path !== ':memory:' && !existsSync(resolve(cwd, path)))
      return { ...base, store: new MemoryStore(), label, missing: true, close: async () => {} };
    const { SqliteStore } = await import('@weft/store-sqlite');
    const file = path === ':memory:' ? undefined : resolve(cwd, path);
    const store = opening(file ?? path, () => new SqliteStore({ path: file ?? path, ...lease }));
    return { ...base, store, label, file, close: () => store.close() };
  }
  const { PostgresStore } = await import('@weft/store-postgres');
  const store = new PostgresStore({ ...(named.url ? { connectionString: named.url } : {}), ...lease });
  return { ...base, store, label: 'postgres', close: () => store.close() };
}

/** Opens a SQLite file, or says which file could not be opened (see storeUnreadable). */
function opening<T>(file: string, open: () => T): T {
  try {
    return open();
  } catch (err) {
    throw storeUnreadable(file, err);
  }
}

/**
 * Why a SQLite file could not be opened: an empty or garbage file, one
 * written by something else, one without permission. The store's own
 * STORE_UNREADABLE names the file already: its message stays.
 */
export function storeUnreadable(file: string, err: unknown): CliError {
  const code = (err as { code?: unknown }).code;
  const why = err instanceof Error ? err.message : String(err);
  if (code === 'STORE_UNREADABLE')
    return new CliError(
      'STORE_UNREADABLE',
      why,
      `restore ${file} from a backup, or move it away (a new, empty store is then created); or pass --store to use another`,
      { cause: err },
    );
  return new CliError(
    'STORE_UNREADABLE',
    `cannot open the SQLite store ${file}: ${why}${typeof code === 'string' ? ` (${code})` : ''}`,
    `if it is not a Weft store, move it aside (a new one is created) or pass --store to use another; WEFT_DEBUG=1 shows the stack trace`,
    { cause: err },
  );
}
