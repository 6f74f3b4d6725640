import { MemoryError } from '@weft/memory';
import { parseJsonFlag } from './parse-json-flag.ts';

const HINT = `write a namespace as segments separated by / (users/u42; %2F is a / inside a segment, %25 a %), or as a JSON array: '["users","u42"]'`;
const ESCAPES: Record<string, string> = { '%2f': '/', '%25': '%', '%5b': '[' };

/**
 * A namespace as the command line writes it: segments separated by `/`
 * (`users/u42`), in which `%2F` stands for a `/` inside a segment, `%25`
 * for a `%` and `%5B` for a `[` (one that starts the text would make it
 * JSON); or, when it starts with `[`, a JSON array (`["users","u42"]`).
 * `/` alone, or nothing, is the root: every namespace, for list and search.
 * The segments are not checked here: the bank refuses what it cannot keep
 * (an empty segment in `users//u42`, a control character), with the same
 * INVALID_NAMESPACE a program would get; JSON that does not parse is an
 * INVALID_NAMESPACE MemoryError too.
 */
export function parseNamespace(text: string | undefined): unknown[] {
  if (text === undefined || text === '' || text === '/') return [];
  if (!text.startsWith('[')) return text.split('/').map((segment) => segment.replace(/%2F|%25|%5B/gi, (c) => ESCAPES[c.toLowerCase()]!));
  let parsed: unknown;
  try {
    parsed = parseJsonFlag('the namespace', text);
  } catch (err) {
    throw new MemoryError('INVALID_NAMESPACE', (err as Error).message, { cause: err });
  }
  if (!Array.isArray(parsed)) throw new MemoryError('INVALID_NAMESPACE', `the namespace ${text} is JSON but not an array of segments`);
  return parsed as unknown[];
}

/** The hint of a refused namespace: how the command line writes one. */
export const NAMESPACE_HINT = HINT;
