import type { MemoryFilter } from '../filter/memory-filter.ts';
import type { JsonValue, MemoryItem, MemoryOrigin, ScoredItem } from '../item/memory-item.ts';
import type { IndexOption } from '../search/index-text.ts';

/** Options of `put`. */
export interface PutOptions {
  /** The item expires this many milliseconds after the write (it is never returned after, and `sweep()` deletes it). */
  ttlMs?: number;
  /** What the item is searched by (default: every string in the value). */
  index?: IndexOption;
  /** Where the write came from (a run's thread, checkpoint, agent and tool call). */
  origin?: MemoryOrigin;
  /**
   * Makes the write happen at most once: a later `put` with the same key
   * (from a resumed run, a retried job, a second process) writes nothing and
   * answers `duplicate` with the item as it is now. Agents pass the tool
   * call's idempotency key. Kept as long as the bank (not its items) lives.
   */
  idempotencyKey?: string;
  /** Aborts the embedding call (the write then does not happen). */
  signal?: AbortSignal;
}

/** What `put` did: `written`, or `duplicate` when its idempotency key had been used (nothing written; `item` is what is stored now, if anything). */
export type PutResult<V extends JsonValue = JsonValue> =
  { status: 'written'; item: MemoryItem<V> } | { status: 'duplicate'; item: MemoryItem | undefined };

/** Options of `list`. */
export interface ListOptions {
  filter?: MemoryFilter;
  /** Items per page: 1 to 1,000, default 100. */
  limit?: number;
  /** Where the previous page ended (its `cursor`). */
  cursor?: string;
}

/** One page of `list`, ordered by namespace then key; `cursor` is set when there may be more. */
export interface ListPage {
  items: MemoryItem[];
  cursor?: string;
}

/** Options of `search`. */
export interface SearchOptions {
  /** What to look for; without it, the newest items that match the filter. */
  query?: string;
  filter?: MemoryFilter;
  /** Items to return: 1 to 100, default 10. */
  limit?: number;
  /** Leave out items scoring below this (in vector search, the cosine similarity). */
  minScore?: number;
  /** `auto` (default): vector search when the bank has an embedder, else keywords. `keyword` always uses keywords. */
  mode?: 'auto' | 'keyword';
  /** Aborts the query's embedding call. */
  signal?: AbortSignal;
}

/**
 * What `search` found and how: `vector` (by embedding), `keyword` (full-text),
 * or `recent` (no query: by `updatedAt`, newest first). `fallback` says why a
 * search that asked for `auto` used keywords.
 */
export interface SearchResult {
  items: ScoredItem[];
  mode: 'vector' | 'keyword' | 'recent';
  fallback?: string;
}

/**
 * Long-term memory beside the checkpoint store: JSON items in namespaces,
 * found by key, by listing a namespace, by keywords and, with an embedder,
 * by meaning. Every bank (`InMemoryBank` here, `SqliteMemoryBank` and
 * `PostgresMemoryBank` in the store packages) passes the conformance kit in
 * `@weft/memory/conformance`, so they answer the same calls the same way.
 *
 * Namespaces are paths: `list(['users'])` and `search(['users'], …)` reach
 * every namespace below `['users']` as well. An expired item is never
 * returned; `sweep()` deletes them.
 */
export interface MemoryBank {
  put<V extends JsonValue>(namespace: readonly string[], key: string, value: V, options?: PutOptions): Promise<PutResult<V>>;
  get(namespace: readonly string[], key: string): Promise<MemoryItem | undefined>;
  /** Deletes one item; true when there was one. */
  delete(namespace: readonly string[], key: string): Promise<boolean>;
  list(prefix: readonly string[], options?: ListOptions): Promise<ListPage>;
  search(prefix: readonly string[], options?: SearchOptions): Promise<SearchResult>;
  /** Deletes every expired item; returns how many. */
  sweep(): Promise<number>;
  /** Releases what the bank holds (connections, timers); later calls fail with BANK_CLOSED. */
  close(): Promise<void>;
}
