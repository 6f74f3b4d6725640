import { createHash } from 'node:crypto';

/**
 * One `embed` call in a cassette (one JSON line): which embedder answered,
 * the texts it was given, and the vectors it returned, one per text.
 * `v` is the cassette format's version, as on a chat cassette's lines.
 */
export interface EmbeddingCassetteEntry {
  v: number;
  embedder: string;
  texts: CassetteText[];
  vectors: number[][];
}

/**
 * A text as a cassette keeps it: itself, or, past `LONG_TEXT_BYTES`, its
 * sha-256 (hex, of the UTF-8 bytes) and its `length` (in characters, as
 * JavaScript counts them). Documents a memory bank embeds whole would
 * otherwise make the cassette a second copy of the corpus; a request still
 * matches only the same text, and a mismatch still says which one differs.
 */
export type CassetteText = string | HashedText;

export interface HashedText {
  sha256: string;
  length: number;
}

/** Texts longer than this many UTF-8 bytes (1 KiB) are kept as their hash. */
export const LONG_TEXT_BYTES = 1024;

export function toCassetteText(text: string): CassetteText {
  if (Buffer.byteLength(text, 'utf8') <= LONG_TEXT_BYTES) return text;
  return { sha256: createHash('sha256').update(text, 'utf8').digest('hex'), length: text.length };
}

/** Equal as a cassette compares them: the same string, or the same hash and length. */
export function sameText(a: CassetteText, b: CassetteText): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.sha256 === b.sha256 && a.length === b.length;
}

/** A text for a message: quoted (cut after 160 characters), or its hash and length. */
export function showText(text: CassetteText | undefined): string {
  if (text === undefined) return '(no text)';
  if (typeof text !== 'string') return `<${text.length} characters, sha-256 ${text.sha256.slice(0, 12)}…>`;
  return text.length > 160 ? `${JSON.stringify(text.slice(0, 160))}… (${text.length} characters)` : JSON.stringify(text);
}
