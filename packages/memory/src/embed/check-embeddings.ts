import type { Embedder } from '@weft/chat-model';
import { MemoryError } from '../errors.ts';

/**
 * Embeds `texts` and checks what came back: one vector per text, each of the
 * same length (the embedder's `dimensions` when it says), finite numbers.
 * Anything else, or the embedder's own failure, is EMBEDDING_FAILED.
 */
export async function embedChecked(embedder: Embedder, texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
  if (texts.length === 0) return [];
  let vectors: number[][];
  try {
    vectors = await embedder.embed(texts, signal ? { signal } : {});
  } catch (err) {
    throw new MemoryError('EMBEDDING_FAILED', `embedder "${embedder.name}" failed: ${(err as Error)?.message ?? String(err)}`, {
      cause: err,
      retryable: true,
    });
  }
  const size = embedder.dimensions ?? vectors[0]?.length;
  const fine =
    Array.isArray(vectors) &&
    vectors.length === texts.length &&
    vectors.every((v) => Array.isArray(v) && v.length === size && size > 0 && v.every((x) => typeof x === 'number' && Number.isFinite(x)));
  if (!fine)
    throw new MemoryError(
      'EMBEDDING_FAILED',
      `embedder "${embedder.name}" returned ${Array.isArray(vectors) ? vectors.length : 'no'} vectors for ${texts.length} texts, or vectors that are not all ${size ?? '?'} finite numbers`,
    );
  return vectors;
}
