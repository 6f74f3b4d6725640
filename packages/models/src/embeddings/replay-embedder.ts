import type { EmbedOptions, Embedder } from '@weft/chat-model';
import { describeValue, isPositiveInteger } from '../check-answer.ts';
import { ModelError } from '../errors.ts';
import { abortedError } from '../openai/http-errors.ts';
import { sameText, toCassetteText } from './embedding-cassette-entry.ts';
import { embeddingMismatchError } from './embedding-mismatch-error.ts';
import { readEmbeddingCassette, type EmbeddingCassetteLine } from './read-embedding-cassette.ts';

export interface ReplayEmbedderOptions {
  /** Shown in errors, and the Embedder's name (a memory bank keys its vector cache by it); default `'replay'`. */
  name?: string;
  /** The Embedder's `dimensions`, when a store needs them before the first call (the recorded embedder's). */
  dimensions?: number;
}

/**
 * An Embedder that answers from a cassette `recordEmbedder` wrote: the same
 * vectors as the recording, offline. Each call takes the first unused entry,
 * in the order of the file, whose texts equal its own (a long text by its
 * hash), so calls made in another order or concurrently still find theirs.
 * The file is read on the first call: a missing or damaged cassette is
 * CASSETTE_INVALID; texts no unused entry holds are CASSETTE_MISMATCH, with
 * the difference from the closest recorded call.
 *
 * @example
 * const embedder = replayEmbedder('test/cassettes/notes.embeddings.jsonl', { dimensions: 1536 });
 */
export function replayEmbedder(file: string, options: ReplayEmbedderOptions = {}): Embedder {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `replayEmbedder(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof file !== 'string' || file === '') fail('file must be a non-empty string', file);
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { name = 'replay', dimensions } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  if (dimensions !== undefined && !isPositiveInteger(dimensions)) fail('options.dimensions must be a positive integer', dimensions);
  return new ReplayingEmbedder(file, name, dimensions);
}

class ReplayingEmbedder implements Embedder {
  readonly name: string;
  readonly dimensions?: number;
  readonly #file: string;
  #cassette: Promise<EmbeddingCassetteLine[]> | undefined;
  #used: boolean[] = [];

  constructor(file: string, name: string, dimensions: number | undefined) {
    this.#file = file;
    this.name = name;
    if (dimensions !== undefined) this.dimensions = dimensions;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<number[][]> {
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string'))
      throw new ModelError('INVALID_ARGUMENT', `embedder "${this.name}": texts must be a list of strings, got ${describeValue(texts)}`);
    const { signal } = options;
    if (signal?.aborted) throw abortedError(signal.reason, 1);
    // As recordEmbedder writes nothing for no texts, nothing is taken for them.
    if (texts.length === 0) return [];
    const asked = texts.map(toCassetteText);
    this.#cassette ??= readEmbeddingCassette(this.#file);
    const lines = await this.#cassette;
    if (signal?.aborted) throw abortedError(signal.reason, 1);
    // Taken synchronously once the cassette is loaded, so concurrent calls cannot share an entry.
    if (this.#used.length !== lines.length) this.#used = lines.map(() => false);
    const index = lines.findIndex(
      ({ entry }, i) => !this.#used[i] && entry.texts.length === asked.length && entry.texts.every((t, j) => sameText(t, asked[j]!)),
    );
    const found = lines[index];
    if (!found) throw embeddingMismatchError(asked, { embedder: this.name, file: this.#file, lines, used: this.#used });
    this.#used[index] = true;
    // Copies: what the caller does with the vectors cannot change the next replay.
    return found.entry.vectors.map((vector) => vector.slice());
  }
}
