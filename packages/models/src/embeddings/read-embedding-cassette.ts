import { CASSETTE_VERSION } from '../cassette/cassette-entry.ts';
import { cassetteLineError, readJsonLines } from '../cassette/read-json-lines.ts';
import type { EmbeddingCassetteEntry } from './embedding-cassette-entry.ts';
import { vectorProblem } from './vector-problem.ts';

/** An entry of an embedding cassette and the line it came from (1-based), for error messages. */
export interface EmbeddingCassetteLine {
  entry: EmbeddingCassetteEntry;
  line: number;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Reads and checks an embedding cassette: one entry per non-blank line. A
 * missing file or the first bad line (not JSON, another version, texts or
 * vectors of the wrong shape, not one vector per text) is CASSETTE_INVALID,
 * naming the file, the line and what is wrong.
 */
export async function readEmbeddingCassette(file: string): Promise<EmbeddingCassetteLine[]> {
  const lines: EmbeddingCassetteLine[] = [];
  for (const { value, line } of await readJsonLines(file, 'recordEmbedder')) {
    const problem = entryProblem(value);
    if (problem !== undefined) throw cassetteLineError(file, line, problem);
    lines.push({ entry: value as EmbeddingCassetteEntry, line });
  }
  return lines;
}

/** The first way `value` is not an entry, in the words of what the field must be. */
function entryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const { v, embedder, texts, vectors } = value as Record<string, unknown>;
  if (v !== CASSETTE_VERSION) return `"v" is ${JSON.stringify(v)}, expected ${CASSETTE_VERSION}`;
  if (typeof embedder !== 'string' || embedder === '') return '"embedder" must be a non-empty string (the embedder\'s name)';
  if (!Array.isArray(texts)) return '"texts" must be a list';
  const at = texts.findIndex((t) => !isCassetteText(t));
  if (at >= 0) return `"texts[${at}]" must be a string or { sha256, length }`;
  const problem = vectorProblem(vectors, texts.length);
  return problem === undefined ? undefined : `"vectors": ${problem}`;
}

function isCassetteText(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { sha256, length } = value as { sha256?: unknown; length?: unknown };
  return typeof sha256 === 'string' && SHA256.test(sha256) && Number.isInteger(length) && (length as number) >= 0;
}
