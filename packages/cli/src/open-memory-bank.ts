import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InMemoryBank, type MemoryBank } from '@weft/memory';
import type { CliIo } from './cli-io.ts';
import { usageError } from './errors.ts';
import { storeUnreadable } from './open-store.ts';
import { storeSpec, type StoreSpec } from './store-spec.ts';

/** The memory bank of a command's store, and how to name it to people. */
export interface OpenedBank {
  bank: MemoryBank;
  /** The store as given: a printed command repeats it with --store when `explicit`. */
  named: StoreSpec;
  /** For people: `sqlite .weft/weft.db`, `postgres`. */
  label: string;
  /** A read-only command found no SQLite file: the bank is empty and nothing was created. */
  missing: boolean;
  close(): Promise<void>;
}

/**
 * Opens the memory bank that lives beside the checkpoints of the store a
 * command names (`--store`, else WEFT_STORE, else `sqlite:.weft/weft.db`):
 * `SqliteMemoryBank` in the same file, `PostgresMemoryBank` in the same
 * database (both with their default tables, `weft_memory_*` and the `weft`
 * schema), so what `weft memory` shows is what a program that opens the bank
 * on that database reads. A store that lives only as long as the command
 * (`memory`, `sqlite::memory:`) is refused: whatever it held would be gone.
 * Commands that only read (`create` false) do not create a SQLite file.
 */
export async function openMemoryBank(flag: string | undefined, io: Pick<CliIo, 'env' | 'cwd'>, create: boolean): Promise<OpenedBank> {
  const named = storeSpec(flag, io.env);
  if (named.kind === 'memory' || (named.kind === 'sqlite' && named.path === ':memory:'))
    throw usageError(
      `weft memory: the store ${JSON.stringify(named.spec)} lives inside one command, so its memory is gone when the command ends`,
      'name a store that outlives the command: --store sqlite:<file> or --store postgres:<url> (default: sqlite:.weft/weft.db)',
    );
  if (named.kind === 'postgres') {
    const { PostgresMemoryBank } = await import('@weft/store-postgres');
    const bank = new PostgresMemoryBank(named.url ? { connectionString: named.url } : {});
    return { bank, named, label: 'postgres', missing: false, close: () => bank.close() };
  }
  const label = `sqlite ${named.path}`;
  const file = resolve(io.cwd, named.path);
  if (!create && !existsSync(file)) {
    const bank = new InMemoryBank();
    return { bank, named, label, missing: true, close: () => bank.close() };
  }
  const { SqliteMemoryBank } = await import('@weft/store-sqlite');
  // The command never embeds (it has no embedder), so it does not load sqlite-vec: vectors stay as they are stored.
  const bank = new SqliteMemoryBank({ path: file, vectors: 'scan' });
  try {
    await bank.vectorSearch(); // opens the file: a damaged one is said here, naming it
  } catch (err) {
    await bank.close();
    throw storeUnreadable(file, err);
  }
  return { bank, named, label, missing: false, close: () => bank.close() };
}
