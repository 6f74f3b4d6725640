import { WeftError } from '../errors.ts';

/**
 * What a checkpoint cannot hold faithfully, as a short description, or
 * undefined when it can. Plain objects, arrays, strings, numbers, booleans,
 * null, undefined, bigints and Dates round-trip; class instances, Maps and
 * Sets come back as plain objects and arrays (documented). These would come
 * back wrong or not at all, so writing them is refused: typed arrays other
 * than Uint8Array (msgpack keeps raw bytes, not elements), functions,
 * symbols, bigints wider than 64 bits, Maps whose keys are not strings
 * or numbers (unreadable), and objects of more than 65,535 keys.
 */
export function unserializable(value: unknown): string | undefined {
  switch (typeof value) {
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    case 'bigint':
      // msgpack has 64-bit integers: signed below zero, unsigned above.
      return value < -(2n ** 63n) || value >= 2n ** 64n ? 'a bigint wider than 64 bits' : undefined;
    case 'object':
      if (value === null) return undefined;
      if (ArrayBuffer.isView(value) && !(value instanceof Uint8Array)) return `a ${value.constructor.name}`;
      if (Array.isArray(value)) return undefined;
      if (value instanceof Map) {
        for (const key of value.keys()) if (typeof key !== 'string' && typeof key !== 'number') return `a Map with a ${typeof key} key`;
        return undefined;
      }
      // Objects are written as map16 (msgpackr does the same): at most 65,535 keys. Maps may be larger.
      return Object.keys(value).length > 0xffff ? TOO_MANY_KEYS : undefined;
    default:
      return undefined;
  }
}

export const TOO_MANY_KEYS = 'an object with more than 65,535 keys';

/** The error for such a value; `at` is where it sits in the checkpoint record, when known. */
export function unserializableError(what: string, at?: string): WeftError {
  return new WeftError(
    'CHECKPOINT_UNSERIALIZABLE',
    `a checkpoint cannot hold ${what}${at ? ` (at ${at})` : ''}: state, node inputs and outputs must be plain data — convert it first (a typed array with Array.from, a Map with Object.fromEntries or a list of pairs)`,
    { details: { what, at } },
  );
}

/** A step into a value: an object key or Map key (string), or a list or Set position (number). */
export type ValuePath = (string | number)[];

/** Where the first value that cannot be written sits in `root`, as the keys leading to it. */
export function findUnserializable(
  root: unknown,
  path: ValuePath = [],
  seen = new Set<unknown>(),
): { what: string; path: ValuePath } | undefined {
  const what = unserializable(root);
  if (what) return { what, path };
  if (root === null || typeof root !== 'object' || seen.has(root) || ArrayBuffer.isView(root)) return undefined;
  seen.add(root);
  const entries: [string | number, unknown][] =
    root instanceof Map
      ? [...root].map(([k, v]) => [String(k), v])
      : root instanceof Set || Array.isArray(root)
        ? Array.from(root as Iterable<unknown> & ArrayLike<unknown>, (v, i): [number, unknown] => [i, v])
        : Object.entries(root);
  for (const [key, child] of entries) {
    const found = findUnserializable(child, [...path, key], seen);
    if (found) return found;
  }
  return undefined;
}

/** A path as people write it: `state.v.list[1]` (a leading dot is dropped). */
export function formatPath(path: readonly (string | number)[]): string {
  return path
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .replace(/^\./, '');
}
