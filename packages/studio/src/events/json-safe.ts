/** Deeper than this, a value is cut (`"[too deep]"`): event payloads are for reading, and a page must not choke on them. */
const MAX_DEPTH = 64;

/**
 * A copy of a value that JSON can carry without throwing or losing it
 * silently: bigints as strings, Maps as objects, Sets as arrays, Dates as ISO
 * strings, byte arrays as `{ bytes: n }`, functions and symbols left out, and
 * a reference back to an ancestor as `"[circular]"`.
 */
export function jsonSafe(value: unknown): unknown {
  return copy(value, [], 0);
}

function copy(value: unknown, ancestors: object[], depth: number): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (ancestors.includes(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (ArrayBuffer.isView(value)) return { bytes: value.byteLength };
  const inner = [...ancestors, value];
  const next = (v: unknown) => copy(v, inner, depth + 1);
  if (Array.isArray(value)) return value.map((v) => next(v) ?? null);
  if (value instanceof Set) return [...value].map((v) => next(v) ?? null);
  const out: Record<string, unknown> = {};
  const entries = value instanceof Map ? [...value].map(([k, v]) => [String(k), v] as const) : Object.entries(value);
  if (value instanceof Error) entries.push(['name', value.name], ['message', value.message]);
  for (const [k, v] of entries) {
    const c = next(v);
    if (c !== undefined) out[k] = c;
  }
  return out;
}
