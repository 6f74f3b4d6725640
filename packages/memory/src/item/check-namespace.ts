import { MemoryError } from '../errors.ts';

/** At most this many segments: deep enough for tenant / user / topic / thread, shallow enough to index. */
export const MAX_NAMESPACE_DEPTH = 16;
/** Characters per namespace segment. */
export const MAX_SEGMENT_LENGTH = 256;
/** Characters per key. */
export const MAX_KEY_LENGTH = 512;

/**
 * The separator of a namespace's stored form (see namespaceKey): a control
 * character, which segments may not hold, so the joined form is unambiguous
 * and a prefix match is a range of strings.
 */
export const SEGMENT_SEPARATOR = '\u001f';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Checks a namespace (or a prefix, when `prefix` is set: then it may be
 * empty, meaning everything) and returns a plain copy of it.
 */
export function checkNamespace(namespace: unknown, where: string, prefix = false): string[] {
  if (!Array.isArray(namespace))
    throw new MemoryError(
      'INVALID_NAMESPACE',
      `${where}: a namespace is a list of strings, such as ['users', 'u42'] (got ${describe(namespace)})`,
    );
  if (namespace.length === 0 && !prefix)
    throw new MemoryError('INVALID_NAMESPACE', `${where}: a namespace needs at least one segment, such as ['notes']`);
  if (namespace.length > MAX_NAMESPACE_DEPTH)
    throw new MemoryError(
      'INVALID_NAMESPACE',
      `${where}: a namespace has at most ${MAX_NAMESPACE_DEPTH} segments (got ${namespace.length})`,
    );
  namespace.forEach((segment: unknown, i) => {
    const problem = textProblem(segment, MAX_SEGMENT_LENGTH);
    if (problem)
      throw new MemoryError('INVALID_NAMESPACE', `${where}: namespace segment ${i} ${problem}`, {
        details: { index: i },
      });
  });
  return [...(namespace as string[])];
}

/** Checks a key. */
export function checkKey(key: unknown, where: string): string {
  const problem = textProblem(key, MAX_KEY_LENGTH);
  if (problem) throw new MemoryError('INVALID_KEY', `${where}: the key ${problem}`);
  return key as string;
}

/** The stored form of a namespace: its segments joined by SEGMENT_SEPARATOR. */
export function namespaceKey(namespace: readonly string[]): string {
  return namespace.join(SEGMENT_SEPARATOR);
}

/** A namespace back from its stored form. */
export function namespaceOf(stored: string): string[] {
  return stored === '' ? [] : stored.split(SEGMENT_SEPARATOR);
}

/**
 * Whether a stored namespace is `prefix` or below it, segment by segment
 * (`['users']` holds `['users', 'u1']`, not `['users2']`). In SQL the same
 * test is `ns = p OR (ns >= p || '\u001f' AND ns < p || '\u0020')`.
 */
export function underPrefix(stored: string, prefix: string): boolean {
  return prefix === '' || stored === prefix || stored.startsWith(prefix + SEGMENT_SEPARATOR);
}

function textProblem(text: unknown, max: number): string | undefined {
  if (typeof text !== 'string') return `must be a string (got ${describe(text)})`;
  if (text === '') return 'must not be empty';
  if (text.length > max) return `has ${text.length} characters; at most ${max} are allowed`;
  if (CONTROL.test(text)) return 'must not hold control characters (U+0000 to U+001F, U+007F)';
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
}
