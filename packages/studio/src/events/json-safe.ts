/** Deeper than this, a value is cut (`"[too deep]"`): event payloads are for reading, and a page must not choke on them. */
const MAX_DEPTH = 64;

/**
 * A copy of a value that JSON can carry without throwing or losing it
 * silently: bigints as strings, Maps as objects, Sets as arrays, Dates as ISO
 * strings, byte arrays as `{ bytes: n }`, functions and symbols left out, and
 * a reference back to an ancestor as `"[circular]"`.
 *
 * Why it is written as one loop over each object's keys, with one stack of
 * ancestors pushed and popped: every event of a run goes through it (a
 * node's input, its output, the state patch, the end each carry the same
 * value again), and the version that copied the ancestors and made a closure
 * per object took 50 ms per event for an object of 10,000 small objects
 * (2.2 s for a run's six events over 60,000; measured 2026-11-28).
 *
 * `keep`: the bytes of a content part (an image, file or audio part's
 * `data`) go to it, and the copy says `{ bytes: n, sha256 }` with the hash
 * it returns, so a page can ask for them (see ContentStore); without it,
 * they are `{ bytes: n }` as any byte array.
 */
export function jsonSafe(value: unknown, keep?: KeepPartBytes): unknown {
  return copy(value, [], 0, keep);
}

/** Keeps a content part's bytes; returns their sha-256 (hex). */
export type KeepPartBytes = (data: ArrayBufferView, part: Readonly<Record<string, unknown>>) => string;

/** The parts whose `data` is bytes a page can show or download. */
const MEDIA_PARTS: ReadonlySet<unknown> = new Set(['image', 'file', 'audio']);

function copy(value: unknown, ancestors: object[], depth: number, keep: KeepPartBytes | undefined): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (ancestors.includes(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (ArrayBuffer.isView(value)) return { bytes: value.byteLength };
  ancestors.push(value);
  try {
    if (Array.isArray(value) || value instanceof Set) {
      const out: unknown[] = [];
      for (const item of value as Iterable<unknown>) out.push(copy(item, ancestors, depth + 1, keep) ?? null);
      return out;
    }
    const out: Record<string, unknown> = {};
    if (value instanceof Map) for (const [k, v] of value) put(out, String(k), copy(v, ancestors, depth + 1, keep));
    else {
      const record = value as Record<string, unknown>;
      const part = keep !== undefined && MEDIA_PARTS.has(record['type']) && ArrayBuffer.isView(record['data']);
      for (const k of Object.keys(record))
        put(out, k, part && k === 'data' ? partBytes(record, keep!) : copy(record[k], ancestors, depth + 1, keep));
    }
    if (value instanceof Error) {
      put(out, 'name', value.name);
      put(out, 'message', value.message);
    }
    return out;
  } finally {
    ancestors.pop();
  }
}

/** A content part's bytes as the copy says them: their size and the hash they are kept by. */
function partBytes(part: Record<string, unknown>, keep: KeepPartBytes): { bytes: number; sha256: string } {
  const data = part['data'] as ArrayBufferView;
  return { bytes: data.byteLength, sha256: keep(data, part) };
}

/** Sets a key, leaving out undefined; a key named `__proto__` stays a key rather than changing the copy's prototype. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) return;
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
