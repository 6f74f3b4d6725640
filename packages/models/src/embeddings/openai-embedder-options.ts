/** What `openAIEmbedder` takes: the server, the model, and how requests are batched, sent and retried. */
export interface OpenAIEmbedderOptions {
  /** The provider's embedding model id, e.g. `text-embedding-3-small` or `nomic-embed-text`. */
  model: string;
  /** The API root; `/embeddings` is appended. Default `https://api.openai.com/v1`. */
  baseURL?: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /**
   * The vector length to ask for (OpenAI's `dimensions`: the text-embedding-3
   * models shorten their vectors on request). Also the embedder's
   * `dimensions`, and every answer is checked to have it.
   */
  dimensions?: number;
  /** Texts per request (default 128); a longer `embed` call is sent as several requests, in order. */
  batchSize?: number;
  /**
   * The Embedder's name (default: `model`, or `model:dimensions` when
   * `dimensions` is set, since shortened vectors are not comparable with full ones).
   */
  name?: string;
  /** Per request (default 60000 ms): the whole answer. */
  timeoutMs?: number;
  /** Retries of a request after a 408, 409, 429, a 5xx or a network failure (default 2); never after another 4xx, a timeout or an abort. */
  maxRetries?: number;
  /** Backoff before retry n: `retryBaseMs · 2^(n-1)` (default 500) with equal jitter, at most 30 s; a server's Retry-After wins. */
  retryBaseMs?: number;
  /** Extra request headers (they win over the defaults). */
  headers?: Record<string, string>;
  /** Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
}
