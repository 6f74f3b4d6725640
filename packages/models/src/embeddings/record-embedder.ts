import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EmbedOptions, Embedder } from '@weft/chat-model';
import { describeValue } from '../check-answer.ts';
import { CASSETTE_VERSION } from '../cassette/cassette-entry.ts';
import { ModelError } from '../errors.ts';
import { toCassetteText, type EmbeddingCassetteEntry } from './embedding-cassette-entry.ts';
import { vectorProblem } from './vector-problem.ts';

export interface RecordEmbedderOptions {
  /** The recording embedder's own name; default: the inner embedder's name. */
  name?: string;
}

/**
 * Wraps `inner` so that every `embed` call is also written to `file` as one
 * JSON line (see `EmbeddingCassetteEntry`), for `replayEmbedder` to answer
 * from later: a test of a memory bank or an agent that searches one then
 * runs offline with the real model's vectors. Lines are appended, each in one
 * `appendFile` awaited before the call ends, so a crash never leaves half a
 * line. Failed and aborted calls, and calls with no texts, are not recorded;
 * vectors a cassette could not hold (not one list of finite numbers per
 * text) are refused as MODEL_RESPONSE_INVALID rather than written.
 *
 * @example
 * const embedder = recordEmbedder(openAIEmbedder({ model: 'text-embedding-3-small' }), 'test/cassettes/notes.embeddings.jsonl');
 */
export function recordEmbedder(inner: Embedder, file: string, options: RecordEmbedderOptions = {}): Embedder {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `recordEmbedder(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof inner !== 'object' || inner === null || typeof inner.embed !== 'function')
    fail('inner must be an Embedder (with embed)', inner);
  if (typeof file !== 'string' || file === '') fail('file must be a non-empty string', file);
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { name = inner.name } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  const embedder: Embedder = {
    name,
    ...(inner.dimensions === undefined ? {} : { dimensions: inner.dimensions }),
    async embed(texts: readonly string[], call: EmbedOptions = {}): Promise<number[][]> {
      if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string'))
        throw new ModelError('INVALID_ARGUMENT', `embedder "${name}": texts must be a list of strings, got ${describeValue(texts)}`);
      call.signal?.throwIfAborted();
      // The texts as they were asked for, before the inner embedder or the caller can change the list.
      const asked = texts.map(toCassetteText);
      const vectors = await inner.embed(texts, call);
      if (asked.length === 0) return vectors;
      const problem = vectorProblem(vectors, asked.length, inner.dimensions);
      if (problem !== undefined)
        throw new ModelError('MODEL_RESPONSE_INVALID', `embedder "${inner.name}" returned vectors a cassette cannot hold: ${problem}`);
      const entry: EmbeddingCassetteEntry = { v: CASSETTE_VERSION, embedder: inner.name, texts: asked, vectors };
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
      return vectors;
    },
  };
  return embedder;
}
