import { createHash } from 'node:crypto';
import type { Embedder } from '@weft/chat-model';
import { keywordTerms } from '../search/keyword-terms.ts';

/**
 * A deterministic embedder for tests and offline demos: each word of a text
 * (see keywordTerms), and each pair of neighbouring words, adds ±1 to a
 * dimension chosen by its hash (the hashing trick), and the vector is
 * normalised. Texts that share words are near, texts that share none are
 * orthogonal or nearly so; no model, no network, the same vectors on every
 * machine. It knows no synonyms: "car" and "automobile" are unrelated.
 *
 * @example
 * const embedder = hashEmbedder({ dimensions: 256 });
 * const [a, b] = await embedder.embed(['the cat sat', 'a cat sat down']);
 */
export function hashEmbedder(options: { dimensions?: number } = {}): Embedder {
  const dimensions = options.dimensions ?? 256;
  if (!Number.isInteger(dimensions) || dimensions < 2 || dimensions > 4096)
    throw new RangeError(`hashEmbedder: dimensions must be an integer from 2 to 4096 (got ${String(dimensions)})`);
  return {
    name: `hash-${dimensions}`,
    dimensions,
    async embed(texts) {
      return texts.map((text) => vectorOf(text, dimensions));
    },
  };
}

function vectorOf(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = keywordTerms(text);
  const features = [...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];
  for (const feature of features) {
    const digest = createHash('sha256').update(feature).digest();
    const at = digest.readUInt32BE(0) % dimensions;
    vector[at]! += digest[4]! & 1 ? 1 : -1;
  }
  const norm = Math.sqrt(vector.reduce((n, x) => n + x * x, 0));
  return norm === 0 ? vector : vector.map((x) => x / norm);
}
