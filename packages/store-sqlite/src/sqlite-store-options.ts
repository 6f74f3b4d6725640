import { WeftError } from '@weft/common';
import { checkLeaseTtl } from '@weft/checkpoint';

/**
 * When a checkpoint reaches the disk:
 * - `sync` (default): each `put` is committed with `synchronous=FULL` before its
 *   promise resolves, so a finished step survives a process crash and a power loss.
 * - `async`: `synchronous=NORMAL`. WAL keeps the database consistent and a
 *   process crash loses nothing, but the last few commits can be lost on power
 *   loss or an OS crash. Much cheaper per step.
 * - `exit`: puts stay in memory and are written in one transaction on
 *   `flush()`, `close()`, process exit, SIGINT and SIGTERM (reads flush first,
 *   so they see every put). A crash (SIGKILL, out of memory, power loss) loses
 *   everything since the last flush.
 */
export type Durability = 'sync' | 'async' | 'exit';

export interface SqliteStoreOptions {
  /** The database file (parent folders are created), or `':memory:'`. */
  path: string;
  durability?: Durability;
  /**
   * How long a thread's lease lasts unless its holder renews it (default
   * 15 s): after a holder dies, other processes wait at most this long
   * before they may run the thread.
   */
  leaseTtlMs?: number;
}

const DURABILITIES: readonly Durability[] = ['sync', 'async', 'exit'];

/** Checks the constructor's options and fills in defaults. */
export function parseOptions(options: unknown): Required<SqliteStoreOptions> {
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `new SqliteStore(): ${msg}`);
  if (options === null || typeof options !== 'object') throw bad(`pass an options object: new SqliteStore({ path: '.weft/weft.db' })`);
  const { path, durability = 'sync', leaseTtlMs } = options as Partial<SqliteStoreOptions>;
  if (typeof path !== 'string' || path === '') throw bad(`path must be a non-empty string (a file, or ':memory:')`);
  if (!DURABILITIES.includes(durability)) {
    throw bad(`durability must be one of ${DURABILITIES.map((d) => `'${d}'`).join(', ')}, got ${JSON.stringify(durability)}`);
  }
  return { path, durability, leaseTtlMs: checkLeaseTtl(leaseTtlMs, 'new SqliteStore()') };
}
