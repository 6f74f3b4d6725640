/**
 * Options of one embedding call. `signal` aborts it (a run's cancellation
 * reaches the provider's request).
 */
export interface EmbedOptions {
  signal?: AbortSignal;
}

/**
 * The contract of an embedding model: texts in, one vector per text out, in
 * the same order. `name` says which model made a vector (vectors of two
 * models are never compared); `dimensions`, when known before a call, lets a
 * store size its columns. Memory banks embed what they store and what they
 * are asked, through this; `@weft/models` implements it for OpenAI-compatible
 * servers and AI SDK embedding models, and `hashEmbedder` in `@weft/memory`
 * is a deterministic one for tests.
 *
 * @example
 * const shout: Embedder = {
 *   name: 'length',
 *   dimensions: 1,
 *   async embed(texts) { return texts.map((t) => [t.length]); },
 * };
 */
export interface Embedder {
  readonly name: string;
  readonly dimensions?: number;
  embed(texts: readonly string[], options?: EmbedOptions): Promise<number[][]>;
}
