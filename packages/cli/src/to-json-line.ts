// JSON.stringify escapes C0 controls and lone surrogates; these it leaves raw: DEL, the C1 controls (U+009B
// acts like ESC [ on some terminals), the line and paragraph separators (line breaks in JavaScript before
// ES2019), and the bidi embeddings, overrides and isolates. Outside strings JSON text is ASCII, so every one
// found sits in a string, where a \u escape means the same character.
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * One line of JSON for `--json` output. Values JSON cannot hold are written
 * readably instead of failing the command: bigints, binary data, Maps, Sets,
 * errors, and the reference that closes a cycle. The line holds no character
 * a terminal acts on: control characters are `\u` escapes, as JSON allows.
 */
export function toJsonLine(value: unknown): string {
  // The objects from the root to the value being written: a value among them closes a cycle.
  const ancestors: unknown[] = [];
  function replace(this: unknown, _key: string, v: unknown): unknown {
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (v === null || typeof v !== 'object') return v;
    if (ArrayBuffer.isView(v)) return `[${v.byteLength} bytes]`;
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(v)) return '[circular]';
    ancestors.push(v);
    const plain = v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v instanceof Error ? errorFields(v) : v;
    // A converted value holds the children now; it is their `this`.
    if (plain !== v) ancestors.push(plain);
    return plain;
  }
  const text = JSON.stringify(value, replace) ?? 'null';
  return text.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

const errorFields = (e: Error): object => ({ ...e, name: e.name, message: e.message });
