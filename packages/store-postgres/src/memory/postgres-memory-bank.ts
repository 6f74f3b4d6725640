import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  checkAddress,
  checkList,
  checkPut,
  checkSearch,
  cursorAfter,
  embedChecked,
  keywordTerms,
  MemoryError,
  queryTerms,
  rankItems,
  type CheckedPut,
  type JsonValue,
  type ListOptions,
  type ListPage,
  type MemoryBank,
  type MemoryItem,
  type PutOptions,
  type PutResult,
  type ScoredItem,
  type SearchOptions,
  type SearchResult,
} from '@weft/memory';
import { isStorableText } from '../storable-text.ts';
import { itemFromRow, ITEM_COLUMNS, type ItemRow } from './item-row.ts';
import { resolveMemoryOptions, type PostgresMemoryBankOptions, type ResolvedMemoryOptions } from './memory-bank-options.ts';
import { prepareMemorySchema } from './prepare-memory-schema.ts';
import { scopeSql } from './scope-sql.ts';
import { searchStatement, type SearchBy } from './search-statement.ts';
import { SqlParams } from './sql-params.ts';
import { checkStorableAddress, checkStorableValue } from './storable-value.ts';
import type { VectorKind } from './vector-kind.ts';

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
/** Idempotency keys are kept by the hash of their UTF-16 code units: any string, NUL and lone surrogates included, fits. */
const keyHash = (key: string): Buffer => createHash('sha256').update(Buffer.from(key, 'utf16le')).digest();

/**
 * A `MemoryBank` in PostgreSQL, shared by every process that reaches the
 * database. Values are jsonb (objects come back with jsonb's key order),
 * searched by a tsvector kept beside them (built from the words `keywordTerms`
 * finds, so PostgreSQL's parser, which keeps `a@b.com` or `foo-bar` whole,
 * splits text as every bank does) and, with an embedder, by the
 * cosine of their vectors (see `vectors`). A put is one statement: the
 * idempotency key, when given, is claimed in the same statement as the write,
 * so two processes racing with one key write exactly one item. Embeddings are
 * cached in the database by embedder name and the text's sha-256, so a text
 * stored again costs no embedder call.
 *
 * @example
 * import { hashEmbedder } from '@weft/memory';
 * import { PostgresMemoryBank } from '@weft/store-postgres';
 *
 * const bank = new PostgresMemoryBank({ connectionString: process.env.WEFT_PG_URL, embedder: hashEmbedder() });
 * await bank.put(['users', 'u42'], 'plan', { text: 'The customer is on the Pro plan.' });
 * const { items } = await bank.search(['users', 'u42'], { query: 'Which plan is the customer on?' });
 * await bank.close();
 */
export class PostgresMemoryBank implements MemoryBank {
  readonly #o: ResolvedMemoryOptions;
  readonly #items: string;
  #kind: Promise<VectorKind> | undefined;
  #closed: Promise<void> | undefined;

  constructor(options: PostgresMemoryBankOptions = {}) {
    this.#o = resolveMemoryOptions(options);
    this.#items = `${this.#o.schemaSql}.memory_items`;
  }

  /** The pool in use (yours, or the one the bank created). */
  get pool(): pg.Pool {
    return this.#o.pool;
  }

  /**
   * Creates the tables if needed and resolves how vectors are kept. Called
   * on first use; call it to fail fast at startup. A failed attempt is
   * retried by the next call.
   */
  prepare(): Promise<VectorKind['name']> {
    return this.#ready().then((kind) => kind.name);
  }

  async put<V extends JsonValue>(namespace: readonly string[], key: string, value: V, options?: PutOptions): Promise<PutResult<V>> {
    this.#open();
    const put = checkPut(namespace, key, value, options, this.#o.maxValueBytes);
    checkStorableAddress(put.ns, put.key, 'put');
    checkStorableValue(put.value, 'put');
    const kind = await this.#ready();
    const claim = put.idempotencyKey === undefined ? null : keyHash(put.idempotencyKey);
    if (claim && (await this.#claimed(claim))) return this.#duplicate(claim);
    const vector = await this.#embedPut(put, options?.signal);
    this.#open();
    const now = this.#o.now();
    const res = await this.#o.pool.query<{ created_at: string }>(
      `WITH claimed AS (
         INSERT INTO ${this.#o.schemaSql}.memory_idempotency (key_sha256, ns, key, created_at)
         SELECT $9::bytea, $1::text, $2::text, $6::bigint WHERE $9::bytea IS NOT NULL
         ON CONFLICT DO NOTHING RETURNING 1
       )
       INSERT INTO ${this.#items} AS i (ns, key, value, search, embedding, created_at, updated_at, expires_at, origin)
       SELECT $1::text, $2::text, $3::jsonb, to_tsvector('simple', $4::text), $5::${kind.columnType}, $6::bigint, $6::bigint, $7::bigint, $8::jsonb
       WHERE $9::bytea IS NULL OR EXISTS (SELECT 1 FROM claimed)
       ON CONFLICT (ns, key) DO UPDATE SET
         value = excluded.value, search = excluded.search, embedding = excluded.embedding,
         created_at = CASE WHEN i.expires_at IS NOT NULL AND i.expires_at <= excluded.updated_at THEN excluded.created_at ELSE i.created_at END,
         updated_at = excluded.updated_at, expires_at = excluded.expires_at, origin = excluded.origin
       RETURNING created_at`,
      [
        put.ns,
        put.key,
        put.json,
        put.text === undefined ? null : keywordTerms(put.text).join(' '),
        vector === undefined ? null : kind.param(vector),
        now,
        put.ttlMs === undefined ? null : now + put.ttlMs,
        put.origin === undefined ? null : JSON.stringify(put.origin),
        claim,
      ],
    );
    const row = res.rows[0];
    if (row === undefined) return this.#duplicate(claim!); // another put claimed the key while this one embedded
    return { status: 'written', item: writtenItem(put, Number(row.created_at), now) as MemoryItem<V> };
  }

  async get(namespace: readonly string[], key: string): Promise<MemoryItem | undefined> {
    this.#open();
    const { ns, key: k } = checkAddress(namespace, key, 'get');
    checkStorableAddress(ns, k, 'get');
    await this.#ready();
    return this.#get(ns, k);
  }

  async delete(namespace: readonly string[], key: string): Promise<boolean> {
    this.#open();
    const { ns, key: k } = checkAddress(namespace, key, 'delete');
    checkStorableAddress(ns, k, 'delete');
    await this.#ready();
    // An expired item goes too, but was not there for anyone: false.
    const res = await this.#o.pool.query<{ live: boolean }>(
      `DELETE FROM ${this.#items} WHERE ns = $1::text AND key = $2::text RETURNING (expires_at IS NULL OR expires_at > $3::bigint) AS live`,
      [ns, k, this.#o.now()],
    );
    return res.rows[0]?.live === true;
  }

  async list(prefix: readonly string[], options?: ListOptions): Promise<ListPage> {
    this.#open();
    const q = checkList(prefix, options);
    checkStorableAddress(q.prefix, undefined, 'list');
    if (q.after && !(isStorableText(q.after[0]) && isStorableText(q.after[1])))
      throw new MemoryError(
        'INVALID_ARGUMENT',
        'list: cursor is not one a list page returned; pass the cursor of the previous page as it came',
      );
    await this.#ready();
    const params = new SqlParams();
    const scope = scopeSql(q.prefix, this.#o.now(), q.conditions, params, 'list');
    const after = q.after
      ? `AND (i.ns, i.key) > (${params.add(q.after[0], 'text')} COLLATE "C", ${params.add(q.after[1], 'text')} COLLATE "C")`
      : '';
    const res = await this.#o.pool.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM ${this.#items} i WHERE ${scope} ${after}
       ORDER BY i.ns, i.key LIMIT ${params.add(q.limit, 'integer')}`,
      params.values,
    );
    const items = res.rows.map(itemFromRow);
    const last = res.rows.at(-1);
    return items.length === q.limit && last ? { items, cursor: cursorAfter(last.ns, last.key) } : { items };
  }

  async search(prefix: readonly string[], options?: SearchOptions): Promise<SearchResult> {
    this.#open();
    const q = checkSearch(prefix, options);
    checkStorableAddress(q.prefix, undefined, 'search');
    const kind = await this.#ready();
    const plan = { table: this.#items, prefix: q.prefix, conditions: q.conditions, limit: q.limit, minScore: q.minScore };
    const run = async (by: SearchBy, rank: 'score' | 'recent'): Promise<ScoredItem[]> => {
      const { text, values } = searchStatement({ ...plan, now: this.#o.now() }, by);
      const res = await this.#o.pool.query<ItemRow & { score: number }>(text, values);
      return rankItems(
        res.rows.map((row) => ({ ...itemFromRow(row), score: row.score })),
        q.limit,
        q.minScore,
        rank,
      );
    };
    if (q.query === undefined) return { items: await run({ by: 'recent' }, 'recent'), mode: 'recent' };
    const { embedder } = this.#o;
    if (embedder && q.mode === 'auto') {
      const [vector] = await embedChecked(embedder, [q.query], options?.signal);
      this.#open();
      return { items: await run({ by: 'vector', vector: vector!, kind }, 'score'), mode: 'vector' };
    }
    const terms = queryTerms(q.query);
    const items = terms.length === 0 ? [] : await run({ by: 'keyword', terms }, 'score');
    return {
      items,
      mode: 'keyword',
      ...(embedder || q.mode === 'keyword' ? {} : { fallback: 'this bank has no embedder: keyword search' }),
    };
  }

  async sweep(): Promise<number> {
    this.#open();
    await this.#ready();
    const res = await this.#o.pool.query(`DELETE FROM ${this.#items} WHERE expires_at IS NOT NULL AND expires_at <= $1::bigint`, [
      this.#o.now(),
    ]);
    return res.rowCount ?? 0;
  }

  /** Ends the pool the bank created, once in-flight queries finish; a pool passed in is left open. */
  close(): Promise<void> {
    this.#closed ??= this.#o.ownsPool ? this.#o.pool.end() : Promise.resolve();
    return this.#closed;
  }

  #ready(): Promise<VectorKind> {
    this.#kind ??= prepareMemorySchema(this.#o.pool, this.#o.schema, this.#o.schemaSql, this.#o.vectors).catch((err: unknown) => {
      this.#kind = undefined;
      throw err;
    });
    return this.#kind;
  }

  async #get(ns: string, key: string): Promise<MemoryItem | undefined> {
    const res = await this.#o.pool.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM ${this.#items} i
       WHERE i.ns = $1::text AND i.key = $2::text AND (i.expires_at IS NULL OR i.expires_at > $3::bigint)`,
      [ns, key, this.#o.now()],
    );
    const row = res.rows[0];
    return row && itemFromRow(row);
  }

  async #claimed(claim: Buffer): Promise<{ ns: string; key: string } | undefined> {
    const res = await this.#o.pool.query<{ ns: string; key: string }>(
      `SELECT ns, key FROM ${this.#o.schemaSql}.memory_idempotency WHERE key_sha256 = $1::bytea`,
      [claim],
    );
    return res.rows[0];
  }

  /** The answer to a put whose idempotency key was used: the item it wrote, as it is now. */
  async #duplicate(claim: Buffer): Promise<PutResult<never>> {
    const at = await this.#claimed(claim);
    return { status: 'duplicate', item: at && (await this.#get(at.ns, at.key)) };
  }

  /** The put's vector: from the cache when this embedder has embedded this text before, else embedded now and cached. */
  async #embedPut(put: CheckedPut, signal: AbortSignal | undefined): Promise<number[] | undefined> {
    const { embedder, schemaSql } = this.#o;
    if (!embedder || put.text === undefined) return undefined;
    const hash = sha256(put.text);
    const cached = await this.#o.pool.query<{ vector: number[] }>(
      `SELECT vector FROM ${schemaSql}.memory_embeddings WHERE embedder = $1::text AND text_sha256 = $2::bytea`,
      [embedder.name, hash],
    );
    const hit = cached.rows[0]?.vector;
    if (hit && (embedder.dimensions === undefined || hit.length === embedder.dimensions)) return hit;
    const [vector] = await embedChecked(embedder, [put.text], signal);
    await this.#o.pool.query(
      `INSERT INTO ${schemaSql}.memory_embeddings (embedder, text_sha256, vector) VALUES ($1::text, $2::bytea, $3::float8[])
       ON CONFLICT (embedder, text_sha256) DO UPDATE SET vector = excluded.vector`,
      [embedder.name, hash, vector],
    );
    return vector;
  }

  #open(): void {
    if (this.#closed) throw new MemoryError('BANK_CLOSED', 'this memory bank was closed; open a new one');
  }
}

/** The item a put wrote, from what it sent (no second read). */
function writtenItem(put: CheckedPut, createdAt: number, now: number): MemoryItem {
  const item: MemoryItem = {
    namespace: put.namespace,
    key: put.key,
    value: JSON.parse(put.json) as JsonValue,
    createdAt,
    updatedAt: now,
  };
  if (put.ttlMs !== undefined) item.expiresAt = now + put.ttlMs;
  if (put.origin !== undefined) item.origin = put.origin;
  return item;
}
