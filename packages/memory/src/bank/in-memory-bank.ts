import type { Embedder } from '@weft/chat-model';
import { embedChecked } from '../embed/check-embeddings.ts';
import { cosine } from '../embed/cosine.ts';
import { MemoryError } from '../errors.ts';
import { compareCodePoints, matchFilter } from '../filter/match-filter.ts';
import { namespaceOf, underPrefix } from '../item/check-namespace.ts';
import { DEFAULT_MAX_VALUE_BYTES, parseValue } from '../item/check-value.ts';
import type { JsonValue, MemoryItem, ScoredItem } from '../item/memory-item.ts';
import { keywordScores } from '../search/keyword-scores.ts';
import { keywordTerms, queryTerms } from '../search/keyword-terms.ts';
import { checkAddress, checkList, checkPut, checkSearch, cursorAfter } from './check-calls.ts';
import type { ListOptions, ListPage, MemoryBank, PutOptions, PutResult, SearchOptions, SearchResult } from './memory-bank.ts';
import { rankItems } from './rank-items.ts';

/** Options of every bank. */
export interface MemoryBankOptions {
  /** Embeds what is stored and asked, for vector search; without one, search uses keywords. */
  embedder?: Embedder;
  /** Largest value, as the UTF-8 length of its JSON (default 64 KiB). */
  maxValueBytes?: number;
  /** The clock (epoch ms) for times and expiry; tests pass a virtual one. */
  now?: () => number;
}

interface Stored {
  ns: string;
  key: string;
  json: string;
  createdAt: number;
  updatedAt: number;
  expiresAt: number | undefined;
  origin: MemoryItem['origin'];
  terms: string[] | undefined;
  vector: number[] | undefined;
}

/**
 * A bank in the process's memory: for tests, demos and one-process tools.
 * Values are kept as JSON text, so what `get` returns is a copy the caller
 * may change. Search scans every item under the prefix (exact, no index).
 *
 * @example
 * const bank = new InMemoryBank({ embedder: hashEmbedder() });
 * await bank.put(['users', 'u1'], 'plan', { text: 'On the Pro plan since March' });
 * const { items } = await bank.search(['users', 'u1'], { query: 'which plan?' });
 */
export class InMemoryBank implements MemoryBank {
  readonly #items = new Map<string, Stored>();
  readonly #done = new Map<string, string>();
  readonly #embedder: Embedder | undefined;
  readonly #maxValueBytes: number;
  readonly #now: () => number;
  #closed = false;

  constructor(options: MemoryBankOptions = {}) {
    this.#embedder = options.embedder;
    this.#maxValueBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
    this.#now = options.now ?? Date.now;
  }

  async put<V extends JsonValue>(namespace: readonly string[], key: string, value: V, options?: PutOptions): Promise<PutResult<V>> {
    this.#open();
    const put = checkPut(namespace, key, value, options, this.#maxValueBytes);
    if (put.idempotencyKey !== undefined && this.#done.has(put.idempotencyKey)) return this.#duplicate(put.idempotencyKey);
    const [vector] = this.#embedder && put.text !== undefined ? await embedChecked(this.#embedder, [put.text], options?.signal) : [];
    this.#open();
    // Checked again: another put with the key may have finished while this one embedded.
    if (put.idempotencyKey !== undefined && this.#done.has(put.idempotencyKey)) return this.#duplicate(put.idempotencyKey);
    const now = this.#now();
    const id = idOf(put.ns, put.key);
    const before = this.#live(this.#items.get(id), now);
    const stored: Stored = {
      ns: put.ns,
      key: put.key,
      json: put.json,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
      expiresAt: put.ttlMs === undefined ? undefined : now + put.ttlMs,
      origin: put.origin,
      terms: put.text === undefined ? undefined : keywordTerms(put.text),
      vector,
    };
    this.#items.set(id, stored);
    if (put.idempotencyKey !== undefined) this.#done.set(put.idempotencyKey, id);
    return { status: 'written', item: itemOf(stored) as MemoryItem<V> };
  }

  async get(namespace: readonly string[], key: string): Promise<MemoryItem | undefined> {
    this.#open();
    const { ns, key: k } = checkAddress(namespace, key, 'get');
    const stored = this.#live(this.#items.get(idOf(ns, k)), this.#now());
    return stored && itemOf(stored);
  }

  async delete(namespace: readonly string[], key: string): Promise<boolean> {
    this.#open();
    const { ns, key: k } = checkAddress(namespace, key, 'delete');
    const id = idOf(ns, k);
    const live = this.#live(this.#items.get(id), this.#now()) !== undefined;
    this.#items.delete(id);
    return live;
  }

  async list(prefix: readonly string[], options?: ListOptions): Promise<ListPage> {
    this.#open();
    const q = checkList(prefix, options);
    const now = this.#now();
    const rows = this.#under(q.prefix, now)
      .filter((s) => !q.after || compareAddress(s, q.after) > 0)
      .sort((a, b) => compareAddress(a, [b.ns, b.key]));
    const items: MemoryItem[] = [];
    for (const s of rows) {
      const item = itemOf(s);
      if (!matchFilter(item.value, q.conditions)) continue;
      items.push(item);
      if (items.length === q.limit) break;
    }
    const last = items.at(-1);
    return items.length === q.limit && last ? { items, cursor: cursorAfter(idNs(last), last.key) } : { items };
  }

  async search(prefix: readonly string[], options?: SearchOptions): Promise<SearchResult> {
    this.#open();
    const q = checkSearch(prefix, options);
    const candidates = this.#under(q.prefix, this.#now())
      .map((s) => ({ stored: s, item: itemOf(s) }))
      .filter(({ item }) => matchFilter(item.value, q.conditions));
    if (q.query === undefined)
      return {
        items: rankItems(
          candidates.map(({ item }) => ({ ...item, score: 1 })),
          q.limit,
          undefined,
          'recent',
        ),
        mode: 'recent',
      };
    if (this.#embedder && q.mode === 'auto') {
      const [asked] = await embedChecked(this.#embedder, [q.query], options?.signal);
      const scored: ScoredItem[] = candidates.flatMap(({ stored, item }) =>
        stored.vector && stored.vector.length === asked!.length ? [{ ...item, score: cosine(asked!, stored.vector) }] : [],
      );
      return { items: rankItems(scored, q.limit, q.minScore, 'score'), mode: 'vector' };
    }
    const withText = candidates.filter(({ stored }) => stored.terms !== undefined);
    const scores = keywordScores(
      withText.map(({ stored }) => stored.terms!),
      queryTerms(q.query),
    );
    const scored = withText.flatMap(({ item }, i) => (scores[i]! > 0 ? [{ ...item, score: scores[i]! }] : []));
    return {
      items: rankItems(scored, q.limit, q.minScore, 'score'),
      mode: 'keyword',
      ...(this.#embedder || q.mode === 'keyword' ? {} : { fallback: 'this bank has no embedder: keyword search' }),
    };
  }

  async sweep(): Promise<number> {
    this.#open();
    const now = this.#now();
    let removed = 0;
    for (const [id, s] of this.#items)
      if (s.expiresAt !== undefined && s.expiresAt <= now) {
        this.#items.delete(id);
        removed++;
      }
    return removed;
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  #duplicate(idempotencyKey: string): PutResult<never> {
    const stored = this.#live(this.#items.get(this.#done.get(idempotencyKey)!), this.#now());
    return { status: 'duplicate', item: stored && itemOf(stored) };
  }

  #under(prefix: string, now: number): Stored[] {
    const out: Stored[] = [];
    for (const s of this.#items.values()) if (underPrefix(s.ns, prefix) && this.#live(s, now)) out.push(s);
    return out;
  }

  #live(stored: Stored | undefined, now: number): Stored | undefined {
    return stored && (stored.expiresAt === undefined || stored.expiresAt > now) ? stored : undefined;
  }

  #open(): void {
    if (this.#closed) throw new MemoryError('BANK_CLOSED', 'this memory bank was closed; open a new one');
  }
}

const idOf = (ns: string, key: string) => `${ns}\u0000${key}`;
const idNs = (item: MemoryItem) => item.namespace.join('\u001f');

/** Namespace then key, by code point (the SQL banks' binary order). */
function compareAddress(s: { ns: string; key: string }, [ns, key]: readonly [string, string]): number {
  return compareCodePoints(s.ns, ns) || compareCodePoints(s.key, key);
}

function itemOf(s: Stored): MemoryItem {
  const item: MemoryItem = {
    namespace: namespaceOf(s.ns),
    key: s.key,
    value: parseValue(s.json),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
  if (s.expiresAt !== undefined) item.expiresAt = s.expiresAt;
  if (s.origin !== undefined) item.origin = { ...s.origin };
  return item;
}
