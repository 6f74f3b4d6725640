import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { CHECKPOINT_FIELDS, CHECKPOINT_FORMAT_VERSION, type CheckpointRecord } from '@weft/checkpoint';

/** The codec's msgpackr options: a body as Weft writes it. */
export const plain = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false });

/** The record's fields in stored order. */
export function fieldsOf(r: CheckpointRecord): unknown[] {
  // Format version 5 follows the fields with the hashes of the blobs the record refers to (none here), the graph version's label, the thread's patches, usage and budget.
  return [...CHECKPOINT_FIELDS.map((field) => r[field]), [], r.version, r.patched, r.usage, r.budget];
}

/** A valid header around any body: whoever can write to the store can compute the checksum too. */
export function checksummed(body: Uint8Array): Uint8Array {
  const bytes = Buffer.concat([Buffer.from('WFCP'), Buffer.alloc(4), Buffer.from([CHECKPOINT_FORMAT_VERSION]), body]);
  bytes.writeUInt32BE(crc32(bytes.subarray(8)), 4);
  return bytes;
}

/** A record's body with field `index` replaced by raw bytes (index 10 with `full`: the state snapshot). */
export function bodyWith(record: CheckpointRecord, index: number, raw: Uint8Array, asSnapshot: boolean): Uint8Array {
  const parts = fieldsOf(record).map((f) => Buffer.from(plain.pack(f)));
  parts[index] = asSnapshot ? Buffer.concat([Buffer.from([0x81, 0xa4]), Buffer.from('full'), raw]) : Buffer.from(raw);
  return Buffer.concat([Buffer.from([0xdc, 0, parts.length]), ...parts]);
}

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
/** Counts and lengths, honest and lying. */
const count = fc.oneof(fc.nat(20), fc.constantFrom(0xffff, 0x10000, 0x7fffffff, 0xffffffff));
const bytes = fc.uint8Array({ maxLength: 24 }).map((b) => [...b]);

/** msgpackr's richer encodings, which no Weft writer emits. */
function library(): fc.Arbitrary<number[]> {
  const clone = new Packr({ useRecords: false, structuredClone: true });
  const more = new Packr({ useRecords: false, moreTypes: true });
  const dag = fc.nat(40).map((levels) => {
    let v: unknown = ['leaf'];
    for (let i = 0; i < levels; i++) v = [v, { again: v }];
    return [...clone.pack(v)];
  });
  const cycle = fc.constant(null).map(() => {
    const o: Record<string, unknown> = { a: [1] };
    o['self'] = o;
    return [...clone.pack(o)];
  });
  const rich = fc
    .constantFrom<unknown>(new Error('e'), /x+/g, new Float32Array([1]), new Set([1]), new ArrayBuffer(3), new Date(1), 2n ** 70n)
    .map((v) => [...(typeof v === 'bigint' ? new Packr({ useRecords: false, useBigIntExtension: true }) : more).pack(v)]);
  const records = fc.constantFrom<number[]>(
    [...new Packr({ useRecords: true }).pack([{ a: 1 }, { a: 2 }])],
    [...new Packr({ useRecords: false, bundleStrings: true }).pack(['x'.repeat(40), 'y'.repeat(40)])],
  );
  return fc.oneof(dag, cycle, rich, records);
}

/** One msgpack token (or a run of them) of any kind, with declared sizes that may not match the data. */
const token: fc.Arbitrary<number[]> = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((b) => [b]),
  fc.tuple(fc.nat(15), fc.boolean()).map(([n, map]) => [(map ? 0x80 : 0x90) | n]),
  fc.tuple(fc.constantFrom(0xdc, 0xdd, 0xde, 0xdf), count).map(([t, n]) => [t, ...(t & 1 ? u32(n) : u16(n))]),
  fc.tuple(fc.constantFrom(0xd9, 0xda, 0xdb, 0xc4, 0xc5, 0xc6), count, bytes).map(([t, n, data]) => {
    const size = [0xd9, 0xc4].includes(t) ? 1 : [0xda, 0xc5].includes(t) ? 2 : 4;
    return [t, ...(size === 1 ? [n & 0xff] : size === 2 ? u16(n) : u32(n)), ...data];
  }),
  fc
    .tuple(fc.constantFrom(0xd4, 0xd5, 0xd6, 0xd7, 0xd8), fc.integer({ min: 0, max: 255 }), bytes)
    .map(([t, type, data]) => [t, type, ...data.slice(0, 1 << (t - 0xd4))]),
  fc
    .tuple(fc.constantFrom(0xc7, 0xc8, 0xc9), count, fc.integer({ min: 0, max: 255 }), bytes)
    .map(([t, n, type, data]) => [t, ...(t === 0xc7 ? [n & 0xff] : t === 0xc8 ? u16(n) : u32(n)), type, ...data]),
  fc
    .tuple(fc.integer({ min: 1, max: 3000 }), fc.boolean())
    .map(([depth, map]) => [...Array.from({ length: depth }, () => (map ? [0x81, 0xa1, 0x6b] : [0x91])).flat(), 0xc0]),
  fc.jsonValue({ maxDepth: 3 }).map((v) => [...plain.pack(v)]),
  library(),
);

/** A run of hostile tokens: what a writer with access to the store could put anywhere in a body. */
export const hostileFragment: fc.Arbitrary<Uint8Array> = fc
  .array(token, { minLength: 1, maxLength: 12 })
  .map((tokens) => Uint8Array.from(tokens.flat()));

/**
 * Throws unless `value` is plain data of bounded size: objects and arrays with
 * their standard prototypes, Dates and byte arrays; no object reached twice
 * (so no cycles and no shared references to expand), at most `maxNodes`
 * objects (decoded size is linear in the bytes) and at most `maxDepth` levels.
 */
export function assertPlainData(value: unknown, maxNodes: number, maxDepth: number): void {
  const seen = new Set<object>();
  const visit = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'function' || typeof v === 'symbol') throw new Error(`decoded a ${typeof v}`);
      return;
    }
    if (seen.has(v)) throw new Error('decoded a shared reference or a cycle');
    seen.add(v);
    if (seen.size > maxNodes) throw new Error(`decoded more than ${maxNodes} objects`);
    if (depth > maxDepth) throw new Error(`decoded more than ${maxDepth} levels`);
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto === Date.prototype || v instanceof Uint8Array) return;
    if (proto !== Object.prototype && proto !== Array.prototype) throw new Error(`decoded a ${(v as object).constructor?.name}`);
    for (const child of Object.values(v)) visit(child, depth + 1);
  };
  visit(value, 1);
}
