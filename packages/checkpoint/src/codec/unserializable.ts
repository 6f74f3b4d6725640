import { WeftError } from '@weft/common';
import { BLOB_KEY } from '../blob/blob-ref.ts';
import type { CheckpointErrorCode } from '../errors.ts';
import { MAX_DEPTH } from '../record/max-depth.ts';

/**
 * What a checkpoint cannot hold faithfully, as a short description, or
 * undefined when it can. Plain objects, arrays, strings, numbers (-0 too),
 * booleans, null, undefined, bigints, Dates and Uint8Arrays round-trip; class
 * instances, Maps and Sets come back as plain objects and arrays, objects
 * without a prototype as plain objects, an array as its items only (not a
 * RegExp match's `index` or other keys set on it: counting every array's
 * keys made writing a small delta 1.5× slower, a 12 KB snapshot 1.1×), and
 * symbol-keyed properties are not kept, as with JSON.stringify (all
 * documented in docs/graph/state.md).
 * These would come back wrong or not at all, so writing them is refused:
 * typed arrays other than Uint8Array (msgpack keeps raw bytes, not elements),
 * functions, symbols, bigints wider than 64 bits, strings or keys with a lone
 * UTF-16 surrogate (they read back as U+FFFD), a key named `__proto__` (it
 * reads back as `__proto_`), sparse arrays (holes read back as undefined),
 * Errors and RegExps (msgpackr writes them as plain lists), live objects
 * (Promise, WeakMap, WeakSet, WeakRef: empty objects), boxed primitives
 * (`new String('x')` read back as `{ '0': 'x' }`), Maps whose keys are not
 * strings or numbers (unreadable), and objects of more than 65,535 keys.
 * Reference cycles and nesting past MAX_DEPTH are found by findUnserializable.
 */
export function unserializable(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return isWellFormed.call(value) ? undefined : LONE_SURROGATE;
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    case 'bigint':
      // msgpack has 64-bit integers: signed below zero, unsigned above.
      return value < -(2n ** 63n) || value >= 2n ** 64n ? 'a bigint wider than 64 bits' : undefined;
    case 'object':
      return value === null ? undefined : objectProblem(value);
    default:
      return undefined;
  }
}

function objectProblem(value: object): string | undefined {
  if (ArrayBuffer.isView(value)) return value instanceof Uint8Array ? undefined : `a ${value.constructor.name}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value)) return SPARSE;
    return undefined;
  }
  if (value instanceof Map) {
    for (const key of value.keys()) {
      if (typeof key !== 'string' && typeof key !== 'number') return `a Map with a ${typeof key} key`;
      if (typeof key === 'string') {
        const problem = keyProblem(key);
        if (problem) return problem;
      }
    }
    return undefined;
  }
  const boxed = BOXED.find((type) => value instanceof type);
  if (boxed) return `a ${boxed.name} object (a boxed primitive)`;
  const live = LIVE.find((type) => value instanceof type);
  if (live) return live === Error ? 'an Error' : `a ${live.name}`;
  const keys = Object.keys(value);
  // Objects are written as map16 (msgpackr does the same): at most 65,535 keys. Maps may be larger.
  if (keys.length > 0xffff) return TOO_MANY_KEYS;
  for (const key of keys) {
    const problem = keyProblem(key);
    if (problem) return problem;
  }
  return undefined;
}

function keyProblem(key: string): string | undefined {
  if (key === '__proto__') return PROTO_KEY;
  if (key === BLOB_KEY) return BLOB_KEY_USED;
  return isWellFormed.call(key) ? undefined : LONE_SURROGATE_KEY;
}

/**
 * Boxed primitives (`new String('x')`, `Object(1n)`): msgpackr writes their
 * own keys, so a String came back as `{ '0': 'x' }` and a Number as `{}`.
 */
const BOXED: (abstract new (...args: never[]) => object)[] = [String, Number, Boolean, BigInt, Symbol] as never;
/** Objects msgpackr would write as something else (Errors and RegExps as lists, the rest as empty maps). */
const LIVE: (abstract new (...args: never[]) => object)[] = [Error, RegExp, Promise, WeakMap, WeakSet, WeakRef];
/** ES2024, in Node since 20; the tsconfig's lib is ES2023. */
const isWellFormed = (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed;

export const TOO_MANY_KEYS = 'an object with more than 65,535 keys';
export const LONE_SURROGATE = 'a string with a lone UTF-16 surrogate';
export const LONE_SURROGATE_KEY = 'a key with a lone UTF-16 surrogate';
export const PROTO_KEY = 'a key named "__proto__"';
/** The key that marks a stored binary value's reference (blob-ref.ts): data may not use it. */
export const BLOB_KEY_USED = 'a key named "\\u0000weft.blob" (reserved for binary values stored beside the checkpoint)';
export const SPARSE = 'a sparse array';
export const CYCLE = 'a reference cycle';
// Digits grouped by hand: the first toLocaleString in a process loads ICU's number data,
// 12 ms that importing the package paid for this one constant (node 20, 2-core VM, 2026-11-28).
export const TOO_DEEP = `a value nested more than ${String(MAX_DEPTH).replace(/\B(?=(\d{3})+$)/g, ',')} levels deep`;

/** The error for such a value; `at` is where it sits in the checkpoint record, when known. */
export function unserializableError(what: string, at?: string): WeftError<CheckpointErrorCode> {
  return new WeftError<CheckpointErrorCode>(
    'CHECKPOINT_UNSERIALIZABLE',
    `a checkpoint cannot hold ${what}${at ? ` (at ${at})` : ''}: state, node inputs and outputs must be plain data — convert it first (a typed array with Array.from, a Map with Object.fromEntries or a list of pairs, a boxed primitive with valueOf())`,
    { details: { what, at } },
  );
}

/** A step into a value: an object key or Map key (string), or a list or Set position (number). */
export type ValuePath = (string | number)[];

/**
 * Where the first value that cannot be written sits in `root`, as the keys
 * leading to it, in the order the writer meets it. `depth` is how many lists
 * and maps already enclose `root` in the record. Also finds what only shows
 * in the whole: a reference cycle, and nesting past MAX_DEPTH. Shared
 * (acyclic) references are walked once per depth, so this stays linear.
 */
export function findUnserializable(root: unknown, depth = 0): { what: string; path: ValuePath } | undefined {
  return find(root, [], depth, new Set(), new Map());
}

function find(
  value: unknown,
  path: ValuePath,
  depth: number,
  ancestors: Set<object>,
  checked: Map<object, number>,
): { what: string; path: ValuePath } | undefined {
  const what = unserializable(value);
  if (what) return { what, path };
  // Dates and bytes are leaves in msgpack: no nesting below them.
  if (value === null || typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value)) return undefined;
  if (ancestors.has(value)) return { what: CYCLE, path };
  const shallowest = checked.get(value);
  if (shallowest !== undefined && shallowest <= depth) return undefined;
  if (depth >= MAX_DEPTH) return { what: TOO_DEEP, path };
  ancestors.add(value);
  const entries: [string | number, unknown][] =
    value instanceof Map
      ? [...value].map(([k, v]) => [String(k), v])
      : value instanceof Set || Array.isArray(value)
        ? Array.from(value as Iterable<unknown> & ArrayLike<unknown>, (v, i): [number, unknown] => [i, v])
        : Object.entries(value);
  for (const [key, child] of entries) {
    const found = find(child, [...path, key], depth + 1, ancestors, checked);
    if (found) return found;
  }
  ancestors.delete(value);
  checked.set(value, depth);
  return undefined;
}

/** Paths longer than this are cut in messages (a value nested 1,000 levels deep). */
const SHOWN_STEPS = 12;

/** A path as people write it: `state.v.list[1]` (a leading dot is dropped); a very long one is cut. */
export function formatPath(path: readonly (string | number)[]): string {
  const shown = path.length > SHOWN_STEPS + 4 ? path.slice(0, SHOWN_STEPS) : path;
  const text = shown
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .replace(/^\./, '');
  return shown === path ? text : `${text}… (${path.length.toLocaleString('en-US')} steps)`;
}
