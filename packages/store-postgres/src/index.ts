/**
 * @weft/store-postgres — a PostgreSQL `CheckpointStore` (the contract of
 * @weft/checkpoint, which @weft/graph runs on): one store for many processes
 * and machines. Two workers that resume the same
 * thread at once: exactly one runs it, the other gets a `THREAD_BUSY`
 * WeftError before running anything (the thread lease, kept on the
 * database's clock).
 *
 * @example
 * import { graph, START, END } from '@weft/graph';
 * import { PostgresStore } from '@weft/store-postgres';
 *
 * const store = new PostgresStore({ connectionString: process.env.WEFT_PG_URL });
 * const g = graph<string, string>({ name: 'echo' })
 *   .addNode('echo', (s: string) => s)
 *   .addEdge(START, 'echo')
 *   .addEdge('echo', END)
 *   .compile({ store });
 * await g.run('hi', { threadId: 't1' });
 * await store.close();
 */

// Store
export { PostgresStore } from './postgres-store.ts';
export type { PostgresStoreOptions } from './postgres-store-options.ts';

// Memory bank
export { PostgresMemoryBank } from './memory/postgres-memory-bank.ts';
export type { PostgresMemoryBankOptions, VectorsOption } from './memory/memory-bank-options.ts';
