import { createHash } from 'node:crypto';
import type { Embedder } from '@weft/chat-model';

/**
 * An embedder that remembers the vectors of the last `max` distinct texts
 * (keyed by the sha-256 of the text, per model), so storing or asking the
 * same text again costs no call; one batch asks the inner embedder only for
 * the texts it has not seen.
 *
 * @example
 * const embedder = cachedEmbedder(openAIEmbedder({ model: 'text-embedding-3-small' }), { max: 10_000 });
 */
export function cachedEmbedder(inner: Embedder, options: { max?: number } = {}): Embedder & { readonly cached: number } {
  const max = options.max ?? 10_000;
  const cache = new Map<string, number[]>();
  const keyOf = (text: string) => createHash('sha256').update(inner.name).update('\0').update(text).digest('base64');
  return {
    name: inner.name,
    ...(inner.dimensions !== undefined ? { dimensions: inner.dimensions } : {}),
    get cached() {
      return cache.size;
    },
    async embed(texts, embedOptions) {
      const keys = texts.map(keyOf);
      const missing = [...new Set(keys.flatMap((k, i) => (cache.has(k) ? [] : [i])).map((i) => texts[i]!))];
      if (missing.length > 0) {
        const vectors = await inner.embed(missing, embedOptions);
        missing.forEach((text, i) => {
          const vector = vectors[i];
          if (vector !== undefined) remember(keyOf(text), vector);
        });
      }
      return keys.map((k) => {
        const vector = cache.get(k);
        if (vector === undefined) throw new Error(`embedder "${inner.name}" returned fewer vectors than texts`);
        return vector;
      });
    },
  };

  function remember(key: string, vector: number[]): void {
    cache.delete(key);
    cache.set(key, vector);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
  }
}
