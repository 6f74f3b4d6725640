import { WeftError } from '@weft/graph';
import { StudioError } from '../errors.ts';

/** How large a JSON body may be, beyond its bytes. */
export interface JsonBodyLimits {
  /** Nesting of objects and arrays; the body's own object is level 1. */
  maxDepth: number;
  /** Object keys and array items, counted over the whole body. */
  maxKeys: number;
}

/**
 * A request body's JSON, refused before it is parsed when it is deeper or
 * wider than the limits (BODY_TOO_DEEP, BODY_TOO_MANY_KEYS), and after when
 * it holds a key named `__proto__` (CHECKPOINT_UNSERIALIZABLE: no checkpoint
 * can hold one, and the schemas would drop it from a record without a word).
 *
 * Why before parsing: the byte limit alone leaves 1 MiB of JSON free to be
 * 500,000 arrays deep or an object of 60,000 keys, and JSON.parse alone took
 * 170–380 ms on the first and 60–160 ms on the second (2-core machine,
 * 2026-11-28) with the event loop blocked; such a value then went on to a
 * run, copied into each of its events. One pass over the text, stopping at
 * the first value past a limit, costs a few milliseconds per MiB.
 */
export function parseJsonBody(text: string, limits: JsonBodyLimits): unknown {
  scanJson(text, limits);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new StudioError('BAD_REQUEST', 'the body is not valid JSON');
  }
  refuseProtoKeys(body);
  return body;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * Counts, in the text, the nesting and the keys and items as JSON.parse would
 * build them (a key is its colon, an array item its first character), and
 * throws at the first past a limit. It does not check the text is JSON:
 * JSON.parse does, next.
 */
function scanJson(text: string, limits: JsonBodyLimits): void {
  let depth = 0;
  let keys = 0;
  /** Inside each open container: whether it is an array. */
  const arrays: boolean[] = [];
  /** The next value starts an array item. */
  let item = false;
  const count = () => {
    if (++keys > limits.maxKeys) throw tooManyKeys(limits.maxKeys);
    item = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20) continue;
    if (c === QUOTE) {
      if (item) count();
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (item) count();
      if (++depth > limits.maxDepth) throw tooDeep(limits.maxDepth);
      arrays.push(c === OPEN_ARRAY);
      item = c === OPEN_ARRAY;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      arrays.pop();
      item = false;
    } else if (c === COLON) count();
    else if (c === COMMA) item = arrays.at(-1) === true;
    else if (item) count();
  }
}

/** Walks the parsed body (at most maxKeys values, as the scan let through) for a key named `__proto__`. */
function refuseProtoKeys(body: unknown): void {
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let open = stack.pop(); open; open = stack.pop()) {
    const { value, path } = open;
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      value.forEach((v: unknown, i) => stack.push({ value: v, path: `${path}[${i}]` }));
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key === '__proto__') throw protoKey(path);
      stack.push({ value: (value as Record<string, unknown>)[key], path: path ? `${path}.${key}` : key });
    }
  }
}

function tooDeep(max: number): StudioError {
  return new StudioError(
    'BODY_TOO_DEEP',
    `the body is nested more than ${max.toLocaleString('en-US')} levels deep (the limit is maxBodyDepth): send a flatter value`,
    { details: { maxBodyDepth: max } },
  );
}

function tooManyKeys(max: number): StudioError {
  return new StudioError(
    'BODY_TOO_MANY_KEYS',
    `the body holds more than ${max.toLocaleString('en-US')} keys and items (the limit is maxBodyKeys): send less in one request`,
    { details: { maxBodyKeys: max } },
  );
}

/** The library's refusal of the same key in a checkpoint, saying where it sits in the body. */
function protoKey(at: string): WeftError {
  return new WeftError(
    'CHECKPOINT_UNSERIALIZABLE',
    `a checkpoint cannot hold a key named "__proto__" (at ${at || 'the body'}): rename the key`,
    {
      details: { what: 'a key named "__proto__"', at },
    },
  );
}
