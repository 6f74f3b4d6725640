/**
 * One line of JSON for `--json` output. Values JSON cannot hold are written
 * readably instead of failing the command: bigints, binary data, Maps, Sets,
 * errors, and the reference that closes a cycle.
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
  return JSON.stringify(value, replace) + '\n';
}

const errorFields = (e: Error): object => ({ ...e, name: e.name, message: e.message });
