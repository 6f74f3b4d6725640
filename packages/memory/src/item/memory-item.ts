/** A JSON value: what a memory item holds. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object: the usual value of a memory item (filters read its fields). */
export type JsonObject = { [key: string]: JsonValue };

/**
 * Where a write came from, when a run made it: the thread, the checkpoint the
 * writing step started from, the agent and the tool call. Recall uses it to
 * respect forks (see the agents' memory option); people use it to see why an
 * item exists.
 */
export interface MemoryOrigin {
  threadId?: string;
  /** The checkpoint the writing step started from. */
  checkpointId?: string;
  agentName?: string;
  toolCallId?: string;
  /** The write's own id (an agent's memory tool call's idempotency key): which branch of a thread made it. */
  writeId?: string;
}

/**
 * One long-term memory: a JSON value under a key in a namespace (a path of
 * segments such as `['users', 'u42', 'preferences']`). Times are epoch
 * milliseconds; an item past `expiresAt` is never returned, and `sweep()`
 * deletes it.
 */
export interface MemoryItem<V extends JsonValue = JsonValue> {
  namespace: string[];
  key: string;
  value: V;
  createdAt: number;
  updatedAt: number;
  expiresAt?: number;
  origin?: MemoryOrigin;
}

/**
 * An item found by `search`, with its score: the cosine similarity of its
 * embedding to the query's in vector search (−1 to 1), a relevance in (0, 1)
 * in keyword search (comparable within one search only), 1 without a query.
 */
export interface ScoredItem<V extends JsonValue = JsonValue> extends MemoryItem<V> {
  score: number;
}
