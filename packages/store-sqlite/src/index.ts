/**
 * @weft/store-sqlite — a durable `CheckpointStore` (the contract of
 * @weft/checkpoint, which @weft/graph runs on) in one SQLite file
 * (better-sqlite3, WAL mode, versioned schema migrations). A run interrupted
 * here, or whose process died, resumes from another process with a new store
 * on the same file. `SqliteMemoryBank` keeps agents' long-term memory (the
 * `MemoryBank` of @weft/memory) in a SQLite file, which may be the same one.
 *
 * @example
 * import { graph, START, END } from '@weft/graph';
 * import { SqliteStore } from '@weft/store-sqlite';
 *
 * const store = new SqliteStore({ path: '.weft/weft.db' }); // durability 'sync' by default
 * const g = graph<number, number>({ name: 'inc' })
 *   .addNode('inc', (n: number) => n + 1)
 *   .addEdge(START, 'inc')
 *   .addEdge('inc', END)
 *   .compile({ store });
 * await g.run(1, { threadId: 't1' });
 * await store.close();
 */

// The store
export { SqliteStore } from './sqlite-store.ts';
export type { SqliteStoreOptions, Durability } from './sqlite-store-options.ts';

// Memory: a MemoryBank (the contract of @weft/memory) in SQLite
export { SqliteMemoryBank } from './memory/sqlite-memory-bank.ts';
export type { SqliteMemoryBankOptions, VectorSearch } from './memory/sqlite-memory-bank-options.ts';

// Schema
export { SCHEMA_VERSION } from './schema-version.ts';

// Errors: check `err.code` ('STORE_UNREADABLE' here, and the codes every store gives, @weft/checkpoint's, such as 'CHECKPOINT_CORRUPT')
export type { SqliteStoreErrorCode } from './errors.ts';
