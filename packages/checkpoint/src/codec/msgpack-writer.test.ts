import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import { decodeCheckpoint, encodeCheckpoint } from './codec.ts';
import { MsgpackWriter } from './msgpack-writer.ts';
import { findUnserializable } from './unserializable.ts';

/** The options the checkpoint codec uses. */
const packr = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false });
const writer = new MsgpackWriter(packr);

type Outcome<T> = { ok: T } | { error: string };

function outcome<T>(run: () => T): Outcome<T> {
  try {
    return { ok: run() };
  } catch (error) {
    return { error: String(error) };
  }
}

/**
 * The writer's output (after `reserve` header bytes) must decode to exactly what
 * msgpackr's own encoding decodes to (or fail to decode the same way: msgpackr
 * writes maps with object keys that it cannot read back); it is in fact
 * byte-identical, which is checked too, except that the writer keeps -0 (as a
 * float) where msgpackr writes the integer 0. Values msgpackr refuses must fail
 * the same way.
 */
function expectSameAsMsgpackr(value: unknown, reserve = 9): void {
  // What msgpackr would write wrongly (typed arrays wider than a byte, functions...) is refused instead.
  const refused = findUnserializable(value);
  if (refused) {
    expect(() => writer.encode(value, reserve)).toThrow(expect.objectContaining({ code: 'CHECKPOINT_UNSERIALIZABLE' }));
    return;
  }
  // copy at once: msgpackr reuses its buffer
  const ours = outcome(() => Buffer.from(writer.encode(value, reserve).subarray(reserve)));
  const theirs = outcome(() => Buffer.from(packr.pack(value)));
  if ('error' in theirs || 'error' in ours) {
    expect(ours).toEqual(theirs);
    return;
  }
  const negativeZeros = { found: false };
  const expected = outcome(() => withNegativeZero(packr.unpack(theirs.ok), value, negativeZeros));
  // toStrictEqual compares numbers with Object.is (-0, NaN) and keeps undefined-valued keys
  expect(outcome(() => packr.unpack(ours.ok))).toStrictEqual(expected);
  if (!negativeZeros.found) expect(ours.ok.equals(theirs.ok)).toBe(true);
}

/**
 * msgpackr's reading of its own bytes with -0 put back where the writer keeps
 * it: in the arrays and plain objects it writes itself (what it hands to
 * msgpackr, such as a Map or a class instance, gets msgpackr's 0).
 */
function withNegativeZero(decoded: unknown, original: unknown, seen: { found: boolean }): unknown {
  if (Object.is(original, -0)) {
    seen.found = true;
    return -0;
  }
  if (original === null || typeof original !== 'object' || decoded === null || typeof decoded !== 'object') return decoded;
  const proto: unknown = Object.getPrototypeOf(original);
  const own = original as Record<string, unknown>;
  if (Array.isArray(original) && proto === Array.prototype) {
    return (decoded as unknown[]).map((item, i) => withNegativeZero(item, original[i], seen));
  }
  const plain = proto === Object.prototype ? own['hasOwnProperty'] === Object.prototype.hasOwnProperty : proto === null && !own['toJSON'];
  if (!plain) return decoded;
  const out = decoded as Record<string, unknown>;
  for (const key of Object.keys(out)) out[key] = withNegativeZero(out[key], own[key], seen);
  return out;
}

/**
 * Without `moreTypes`, msgpackr writes a typed array with elements wider than a
 * byte as a bin of its byteLength but copies only one byte per element, so the
 * rest is whatever its buffer held before: not comparable byte for byte.
 */
function hasWideTypedArray(value: unknown, seen = new Set<unknown>()): boolean {
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  if (ArrayBuffer.isView(value))
    return !(value instanceof DataView) && (value as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT > 1;
  const children = value instanceof Map ? [...value.keys(), ...value.values()] : value instanceof Set ? [...value] : Object.values(value);
  return children.some((child) => hasWideTypedArray(child, seen));
}

/** Every msgpack integer size boundary, both sides of it, both signs. */
const BOUNDARIES = [2 ** 5, 2 ** 7, 2 ** 8, 2 ** 15, 2 ** 16, 2 ** 31, 2 ** 32, 2 ** 53];
const EDGE_NUMBERS = [
  0,
  -0,
  NaN,
  Infinity,
  -Infinity,
  0.5,
  -1.5,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  Number.EPSILON,
  ...BOUNDARIES.flatMap((b) => [b - 1, b, b + 1, -b - 1, -b, -b + 1]),
];
const numbers = fc.oneof({ arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 4 }, fc.integer(), fc.double(), fc.maxSafeInteger());

/** One UTF-16 unit or pair of each UTF-8 width, plus lone surrogates. */
const codeUnits = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x80, max: 0x7ff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x800, max: 0xd7ff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xe000, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
/** Lengths at the str header classes (bytes), the writer's internal thresholds and msgpackr's 64-unit switch. */
const STRING_LENGTHS = [0, 1, 23, 24, 31, 32, 33, 63, 64, 65, 255, 256, 257, 65535, 65536, 65537];
/** ASCII of a boundary length with a few arbitrary units spliced in, pushing the byte length across it. */
const sizedStrings = fc
  .tuple(fc.constantFrom(...STRING_LENGTHS), fc.array(codeUnits, { maxLength: 4 }), fc.nat())
  .map(([length, extra, at]) => {
    const ascii = 'x'.repeat(Math.max(0, length - extra.length));
    const cut = at % (ascii.length + 1);
    return ascii.slice(0, cut) + extra.join('') + ascii.slice(cut);
  });
const strings = fc.oneof(fc.string({ unit: codeUnits, maxLength: 80 }), sizedStrings, fc.string());

const leaves = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  numbers,
  strings,
  fc.date(),
  fc.uint8Array({ maxLength: 40 }),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
);

/** Container entries for the size tests (a big leaf repeated 65536 times would be gigabytes). */
const smallLeaves = fc.oneof(fc.constant(undefined), numbers, fc.string({ unit: codeUnits, maxLength: 6 }), fc.date());

const { value: values } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaves, tie('array'), tie('object'), tie('map')),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.dictionary(strings, tie('value'), { maxKeys: 6 }),
  map: fc.array(fc.tuple(fc.oneof(strings, numbers), tie('value')), { maxLength: 4 }).map((entries) => new Map(entries)),
}));

describe('MsgpackWriter', () => {
  it('writes JSON values exactly as msgpackr does', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => expectSameAsMsgpackr(value)));
  });

  it('writes edge numbers, strings, undefined, nested Dates, bytes and Maps exactly as msgpackr does', () => {
    fc.assert(
      fc.property(values, fc.nat({ max: 16 }), (value, reserve) => expectSameAsMsgpackr(value, reserve)),
      { numRuns: 300 },
    );
  });

  it('hands everything else to msgpackr (fc.anything with every option)', () => {
    const anything = fc.anything({
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withObjectString: true,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
    });
    fc.assert(
      fc.property(anything, (value) => {
        expectSameAsMsgpackr(value);
        // Refused exactly when msgpackr's bytes would not give the value back.
        if (hasWideTypedArray(value)) expect(findUnserializable(value)).toBeDefined();
      }),
    );
  });

  it('writes every integer at and around each size boundary, and every edge number', () => {
    for (const n of EDGE_NUMBERS) expectSameAsMsgpackr(n);
    expectSameAsMsgpackr(EDGE_NUMBERS);
    // msgpackr writes -0 as the integer 0, which reads back as 0; the writer keeps the sign
    expect(writer.encode(-0, 0)).toEqual(Buffer.from([0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0]));
    expect(Object.is(packr.unpack(writer.encode([-0], 0))[0], -0)).toBe(true);
    expect(writer.encode(undefined, 0)).toEqual(Buffer.from([0xd4, 0x00, 0x00]));
  });

  it('writes strings of every header class, including ones moved to a larger header', () => {
    for (const length of STRING_LENGTHS) {
      for (const unit of ['a', 'é', '€', '😀', '\ud800', '\udc00']) {
        const n = Math.ceil(length / unit.length);
        expectSameAsMsgpackr('a'.repeat(n) + unit);
        expectSameAsMsgpackr(unit.repeat(n));
        expectSameAsMsgpackr(unit + 'a'.repeat(Math.max(0, n - 1)));
      }
    }
  });

  it('writes arrays and objects of 15/16 and 65535/65536 entries', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 15, 16, 17, 65535, 65536), smallLeaves, (size, item) => {
        expectSameAsMsgpackr(Array.from({ length: size }, (_, i) => (i % 7 === 0 ? item : i)));
        const object: Record<string, unknown> = {};
        for (let i = 0; i < size; i++) object[`k${i}`] = i % 7 === 0 ? item : `v${i}`;
        // msgpackr throws for more than 65535 keys; the writer must too
        expectSameAsMsgpackr(object);
      }),
      { numRuns: 10 },
    );
  }, 120_000);

  it('matches msgpackr for objects whose keys msgpackr would treat specially', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1, b: [undefined] });
    const inherited = Object.assign(Object.create({ inheritedKey: 1 }) as object, { own: 2 });
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
    }
    const sparse: unknown[] = [];
    sparse[1] = 1;
    sparse[3] = 2;
    const cases: unknown[] = [
      bare,
      inherited,
      { hasOwnProperty: () => false, a: 1 },
      { hasOwnProperty: 1, a: 1 },
      { constructor: 'not a class', a: 1 },
      { toJSON: () => 'x', a: 1 },
      Object.assign(Object.create(null) as object, { toJSON: () => 'json' }),
      { 2: 'b', 1: 'a', z: 1, y: undefined },
      new Point(1, 2),
      sparse,
      Object.assign([1, 2], { extra: 3 }),
      new Set([1, 'a']),
      new Map<unknown, unknown>([[{ k: 1 }, 'v']]),
      new Date(NaN),
      new Date(-1),
      new Date(2 ** 33 * 1000 + 5),
      new Int8Array([-1, 2]),
      new ArrayBuffer(3),
      /re/g,
      new Error('boom'),
      2n ** 70n,
      -5n,
      () => 1,
      Symbol('s'),
    ];
    for (const value of cases) {
      expectSameAsMsgpackr(value);
      expectSameAsMsgpackr({ nested: [value] });
    }
  });

  it('grows for values larger than its buffer, and keeps working after', () => {
    expectSameAsMsgpackr({ big: 'é'.repeat(3 << 20), list: Array.from({ length: 70000 }, (_, i) => i) });
    expectSameAsMsgpackr({ small: 'again' });
  }, 60_000);

  it('refuses a Packr whose options change how the values it handles are written', () => {
    expect(() => new MsgpackWriter(new Packr())).toThrow(/useRecords: false/);
    expect(() => new MsgpackWriter(new Packr({ useRecords: false, bundleStrings: true }))).toThrow(/bundleStrings/);
    expect(() => new MsgpackWriter(new Packr({ useRecords: false, useFloat32: 1 }))).toThrow(/useFloat32/);
  });

  it('returns bytes that no later encode overwrites', () => {
    const first = writer.encode({ a: 'first', n: [1, 2, 3] }, 9);
    const copy = Buffer.from(first);
    const second = writer.encode({ b: 'second one, longer', n: [4, 5, 6, 7] }, 9);
    expect(first).toEqual(copy);
    second.fill(0xff);
    expect(first).toEqual(copy);
    expect(packr.unpack(first.subarray(9))).toEqual({ a: 'first', n: [1, 2, 3] });
  });

  it('handles an encode started from inside an encode (a getter)', () => {
    const value = {
      get nested() {
        return writer.encode({ deep: 'x', n: [1] }, 0);
      },
      after: 'ok',
    };
    expectSameAsMsgpackr(value);
    expect(packr.unpack(writer.encode(value, 0))).toEqual({ nested: packr.pack({ deep: 'x', n: [1] }), after: 'ok' });
  });
});

describe('encodeCheckpoint', () => {
  it('writes the same bytes as packing the field list with msgpackr, and decodes back', () => {
    const record: CheckpointRecord = {
      graph: 'agents:react',
      hash: '1b962346a4685915',
      threadId: 't',
      id: 'ff6bdb4b-89c2-4b6a-b72d-cb1039588fcc',
      parentId: null,
      seq: 148,
      step: 147,
      status: 'running',
      source: 'step',
      createdAt: 1795410173157,
      state: {
        patches: [{ op: 'add', path: ['lanes', 'main', 'events', 3], value: { role: 'tool', content: 'ok 49 ✓', at: new Date(0) } }],
      },
      frontier: [{ node: 'react:after', input: [{ callId: 'c49', name: 'noop', content: 'ok 49' }] }],
      joins: [],
      skips: [],
      pending: [],
      interrupts: [],
      context: { streaming: false },
    };
    const r = record;
    const fields = [r.graph, r.hash, r.threadId, r.id, r.parentId, r.seq, r.step, r.status, r.source, r.createdAt, r.state, r.frontier];
    const all = [...fields, r.joins, r.skips, r.pending, r.interrupts, r.context, undefined, undefined, undefined];
    const framed = (version: number, list: unknown[]) => {
      const out = Buffer.concat([Buffer.from('WFCP'), Buffer.alloc(4), Buffer.from([version]), Buffer.from(packr.pack(list))]);
      out.writeUInt32BE(crc32(out.subarray(8)), 4);
      return out;
    };
    const bytes = encodeCheckpoint(record);
    // Version 5: the fields, the blob list, then the graph version's label, the thread's patches, usage and budget.
    expect(Buffer.from(bytes).equals(framed(5, [...all, [], undefined, undefined, undefined, undefined]))).toBe(true);
    // Version 4 (no usage or budget), version 3 (no label or patches) and version 2 (no blob list either) still decode to the same record.
    expect(decodeCheckpoint(framed(4, [...all, [], undefined, undefined]), 'test')).toStrictEqual(decodeCheckpoint(bytes, 'test'));
    expect(decodeCheckpoint(framed(3, [...all, []]), 'test')).toStrictEqual(decodeCheckpoint(bytes, 'test'));
    expect(decodeCheckpoint(framed(2, all), 'test')).toStrictEqual(decodeCheckpoint(bytes, 'test'));
  });
});
