import type { MemoryBankOptions } from '@weft/memory';
import { checkAddress, checkList, checkPut, checkSearch, cursorAfter, DEFAULT_MAX_VALUE_BYTES, MemoryError } from '@weft/memory';
import type {
  CheckedPut,
  JsonValue,
  ListOptions,
  ListPage,
  MemoryBank,
  MemoryItem,
  PutOptions,
  PutResult,
  SearchOptions,
  SearchResult,
} from '@weft/memory';
import type { Embedded } from './embedding-cache.ts';
import { itemOfRow, ROW_COLUMNS } from './memory-row.ts';
import type { MemoryRow } from './memory-row.ts';
import { openMemoryDatabase } from './open-memory-database.ts';
import type { MemoryDatabase } from './open-memory-database.ts';
import { scopeSql } from './scope-sql.ts';
import { keywordRows, recentRows, vectorRows } from './search-rows.ts';
import type { SearchQuery } from './search-rows.ts';
import { checkBankOptions } from './sqlite-memory-bank-options.ts';
import type { CheckedBankOptions, SqliteMemoryBankOptions } from './sqlite-memory-bank-options.ts';
import { vectorBlob } from './vector-blob.ts';

/** An embedder, as @weft/memory's banks take it (the contract of @weft/chat-model). */
type Embedder = NonNullable<MemoryBankOptions['embedder']>;

/**
 * A `MemoryBank` in SQLite (better-sqlite3): items as JSON text in one
 * table, keyword search through FTS5, vectors as float32 blobs searched
 * exactly (with sqlite-vec's `vec_distance_cosine` when it loads, else a
 * scan in JavaScript), an embedding cache and the idempotency keys in the
 * same file. Processes that share the file share the bank: every write is
 * one IMMEDIATE transaction, so of two puts with one idempotency key exactly
 * one writes. Tables are created on first use, named under `tablePrefix`.
 *
 * @example
 * import { hashEmbedder } from '@weft/memory';
 * import { SqliteMemoryBank } from '@weft/store-sqlite';
 *
 * const bank = new SqliteMemoryBank({ path: '.weft/memory.db', embedder: hashEmbedder() });
 * await bank.put(['users', 'u42'], 'plan', { text: 'The customer is on the Pro plan.' });
 * const { items } = await bank.search(['users', 'u42'], { query: 'Which plan is the customer on?' });
 * await bank.close();
 */
export class SqliteMemoryBank implements MemoryBank {
  readonly #options: CheckedBankOptions;
  readonly #embedder: Embedder | undefined;
  readonly #maxValueBytes: number;
  readonly #now: () => number;
  #opening: Promise<MemoryDatabase> | undefined;
  #closed = false;

  constructor(options: SqliteMemoryBankOptions) {
    this.#options = checkBankOptions(options);
    this.#embedder = options.embedder;
    this.#maxValueBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
    this.#now = options.now ?? Date.now;
  }

  /** How vector search runs here, once the database is open: with sqlite-vec, or by a scan in JavaScript. */
  async vectorSearch(): Promise<'sqlite-vec' | 'scan'> {
    return (await this.#database()).vectors;
  }

  async put<V extends JsonValue>(namespace: readonly string[], key: string, value: V, options?: PutOptions): Promise<PutResult<V>> {
    this.#open();
    const put = checkPut(namespace, key, value, options, this.#maxValueBytes);
    const m = await this.#database();
    // Checked before embedding (a duplicate costs no call), and again in the write's transaction.
    if (put.idempotencyKey !== undefined && m.findIdempotency.get(put.idempotencyKey)) return this.#duplicate(m, put.idempotencyKey);
    const embedded = this.#embedder && put.text !== undefined ? await m.cache.embed(this.#embedder, put.text, options?.signal) : undefined;
    this.#open();
    return m.db.transaction(() => this.#write(m, put, embedded)).immediate() as PutResult<V>;
  }

  async get(namespace: readonly string[], key: string): Promise<MemoryItem | undefined> {
    this.#open();
    const { ns, key: k } = checkAddress(namespace, key, 'get');
    const m = await this.#database();
    const row = m.get.get(ns, k, this.#now());
    return row && itemOfRow(row);
  }

  async delete(namespace: readonly string[], key: string): Promise<boolean> {
    this.#open();
    const { ns, key: k } = checkAddress(namespace, key, 'delete');
    const m = await this.#database();
    // An expired item is removed too, but was not there for anyone: false.
    const row = m.delete.get(ns, k);
    return row !== undefined && (row.expires_at === null || row.expires_at > this.#now());
  }

  async list(prefix: readonly string[], options?: ListOptions): Promise<ListPage> {
    this.#open();
    const q = checkList(prefix, options);
    const m = await this.#database();
    const scope = scopeSql(q.prefix, this.#now(), q.conditions);
    const after = q.after
      ? { sql: ' AND (i.ns > ? OR (i.ns = ? AND i.key > ?))', params: [q.after[0], q.after[0], q.after[1]] }
      : undefined;
    const rows = m.db
      .prepare<unknown[], MemoryRow>(
        `SELECT ${ROW_COLUMNS} FROM ${m.tables.items} i WHERE ${scope.sql}${after?.sql ?? ''} ORDER BY i.ns, i.key LIMIT ?`,
      )
      .all(...scope.params, ...(after?.params ?? []), q.limit);
    const items = rows.map(itemOfRow);
    const last = rows.at(-1);
    return rows.length === q.limit && last ? { items, cursor: cursorAfter(last.ns, last.key) } : { items };
  }

  async search(prefix: readonly string[], options?: SearchOptions): Promise<SearchResult> {
    this.#open();
    const checked = checkSearch(prefix, options);
    const m = await this.#database();
    const q: SearchQuery = { ...checked, now: this.#now() };
    if (checked.query === undefined) return { items: recentRows(m.db, m.tables, q), mode: 'recent' };
    if (this.#embedder && checked.mode === 'auto') {
      const asked = await m.cache.embed(this.#embedder, checked.query, options?.signal);
      this.#open();
      return { items: vectorRows(m.db, m.tables, q, asked.vector, m.vectors), mode: 'vector' };
    }
    return {
      items: keywordRows(m.db, m.tables, q, checked.query),
      mode: 'keyword',
      ...(this.#embedder || checked.mode === 'keyword' ? {} : { fallback: 'this bank has no embedder: keyword search' }),
    };
  }

  async sweep(): Promise<number> {
    this.#open();
    const m = await this.#database();
    return m.db
      .transaction(() => {
        const removed = m.sweep.run(this.#now()).changes;
        // Vectors of texts no item holds any more (deleted, rewritten or expired items): the cache stays as large as the bank.
        m.pruneEmbeddings.run();
        return removed;
      })
      .immediate();
  }

  /** Closes the database when the bank opened it (a `database` passed in stays open); later calls fail with BANK_CLOSED. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const opening = this.#opening;
    if (opening === undefined) return;
    const m = await opening.catch(() => undefined);
    if (m?.owned) m.db.close();
  }

  /** Runs inside the IMMEDIATE transaction: claims the idempotency key (a conflict is a duplicate), then writes the item. */
  #write(m: MemoryDatabase, put: CheckedPut, embedded: Embedded | undefined): PutResult {
    if (put.idempotencyKey !== undefined && m.claimIdempotency.run(put.idempotencyKey, put.ns, put.key).changes === 0)
      return this.#duplicate(m, put.idempotencyKey);
    if (embedded) m.cache.save(this.#embedder!, embedded);
    const now = this.#now();
    const row = m.upsert.get(
      put.ns,
      put.key,
      put.json,
      put.origin === undefined ? null : JSON.stringify(put.origin),
      put.text ?? null,
      embedded?.hash ?? null,
      embedded ? vectorBlob(embedded.vector) : null,
      now,
      now,
      put.ttlMs === undefined ? null : now + put.ttlMs,
    )!;
    return { status: 'written', item: itemOfRow(row) };
  }

  /** The answer to a put whose idempotency key was used: the item that put wrote, as it is now (undefined when deleted or expired). */
  #duplicate(m: MemoryDatabase, idempotencyKey: string): PutResult<never> {
    const done = m.findIdempotency.get(idempotencyKey)!;
    const row = m.get.get(done.ns, done.item_key, this.#now());
    return { status: 'duplicate', item: row && itemOfRow(row) };
  }

  /** The open database, opened on the first call (loading sqlite-vec is asynchronous). */
  #database(): Promise<MemoryDatabase> {
    this.#opening ??= openMemoryDatabase(this.#options);
    return this.#opening.then((m) => {
      this.#open(); // closed while opening
      return m;
    });
  }

  #open(): void {
    if (this.#closed) throw new MemoryError('BANK_CLOSED', 'this memory bank was closed; open a new one');
  }
}
