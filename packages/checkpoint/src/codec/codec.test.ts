import { crc32 } from 'node:zlib';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import { CHECKPOINT_FIELDS, CHECKPOINT_FORMAT_VERSION, EXTENSION_FIELDS, decodeCheckpoint, encodeCheckpoint } from './codec.ts';
import { checkpointRecord } from '../conformance/checkpoint-record.ts';

/** The codec's own msgpackr options: what a Weft checkpoint body is written with. */
const plain = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false });

const record = (over: Partial<CheckpointRecord> = {}): CheckpointRecord =>
  checkpointRecord({
    id: 'c2',
    parentId: 'c1',
    seq: 2,
    step: 1,
    source: 'step',
    state: { full: { list: [1, 2] } },
    frontier: [{ node: 'a', input: null }],
    ...over,
  });

const usage = { tokens: 30, inputTokens: 20, outputTokens: 10, costUsd: 0.0125, modelCalls: 2, toolCalls: 1, wallMs: 812.5 };

/** The record's fields in stored order. */
const fields = (r: CheckpointRecord): unknown[] => CHECKPOINT_FIELDS.map((f) => r[f]);

/**
 * A correct header around any body: whoever can write to the store can compute the checksum too.
 * Version 2 (the record without the blob list, still read): these bodies are the record's fields alone.
 */
function checksummed(body: Uint8Array, version = 2): Buffer {
  const bytes = Buffer.concat([Buffer.from('WFCP'), Buffer.alloc(4), Buffer.from([version]), body]);
  bytes.writeUInt32BE(crc32(bytes.subarray(8)), 4);
  return bytes;
}

/** The record's body with `value` spliced in as the state snapshot, as raw msgpack bytes. */
function withState(value: Uint8Array): Buffer {
  const r = record();
  const before = Buffer.from(plain.pack(fields(r).slice(0, 10))).subarray(1); // drop the fixarray(10) header
  const after = fields(r)
    .slice(11)
    .map((f) => Buffer.from(plain.pack(f)));
  return checksummed(Buffer.concat([Buffer.from([0xdc, 0, 20]), before, Buffer.from([0x81, 0xa4]), Buffer.from('full'), value, ...after]));
}

/** What decoding throws (undefined when it decodes). */
function decodeError(bytes: Uint8Array): { code?: unknown; message: string; name: string } | undefined {
  try {
    decodeCheckpoint(bytes, 'x');
    return undefined;
  } catch (err) {
    return err as { code?: unknown; message: string; name: string };
  }
}

function expectCorrupt(bytes: Uint8Array, why?: RegExp): void {
  const err = decodeError(bytes);
  expect(err, 'decoded').toBeDefined();
  expect({ name: err!.name, code: err!.code }).toEqual({ name: 'WeftError', code: 'CHECKPOINT_CORRUPT' });
  if (why) expect(err!.message).toMatch(why);
}

describe('the stored field order', () => {
  it('is the format: every field once, in this order, written as a list after the header', () => {
    // Changing this list changes CHECKPOINT_FORMAT_VERSION.
    expect(CHECKPOINT_FIELDS).toEqual([
      'graph',
      'hash',
      'threadId',
      'id',
      'parentId',
      'seq',
      'step',
      'status',
      'source',
      'createdAt',
      'state',
      'frontier',
      'joins',
      'skips',
      'pending',
      'interrupts',
      'context',
      'output',
      'error',
      'resumeValues',
    ]);
    const r = record({ output: 'out', error: { name: 'WeftError', code: 'X', message: 'm' }, resumeValues: [['i#0', true]] });
    expect(Object.keys(r).sort()).toEqual([...CHECKPOINT_FIELDS].sort());
    // Version 4 adds the graph version's label and the thread's patches after the blob list; version 5 the usage and budget.
    expect(EXTENSION_FIELDS).toEqual(['version', 'patched', 'usage', 'budget']);
    // Version 3 ends the list with the hashes of the blobs the record refers to.
    expect(CHECKPOINT_FORMAT_VERSION).toBe(5);
    expect(plain.unpack(Buffer.from(encodeCheckpoint(r)).subarray(9))).toEqual([
      ...fields(r),
      [],
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const labelled = record({ version: 'v2', patched: ['refund-v2'], usage, budget: { tokens: 1000, onExceeded: 'interrupt' } });
    expect(plain.unpack(Buffer.from(encodeCheckpoint(labelled)).subarray(9))).toEqual([
      ...fields(labelled),
      [],
      'v2',
      ['refund-v2'],
      usage,
      { tokens: 1000, onExceeded: 'interrupt' },
    ]);
    expect(decodeCheckpoint(encodeCheckpoint(labelled), 'x')).toEqual(labelled);
  });
});

describe('decodeCheckpoint refuses what the writer never writes', () => {
  it('shared references and cycles (msgpackr structured clone) are CHECKPOINT_CORRUPT, not a blow-up or a raw error', () => {
    const clone = new Packr({ useRecords: false, structuredClone: true });
    // 40 levels of [x, x]: a few hundred bytes that stand for 2^40 leaves once anything walks them
    let dag: unknown = ['leaf'];
    for (let i = 0; i < 40; i++) dag = [dag, dag];
    const dagBytes = checksummed(clone.pack(fields(record({ frontier: [{ node: 'a', input: dag }] }))));
    expect(dagBytes.length).toBeLessThan(1000);
    expectCorrupt(dagBytes, /extension 0x69/);

    const cycle: unknown[] = [];
    cycle.push(cycle);
    expectCorrupt(checksummed(clone.pack(fields(record({ frontier: [{ node: 'a', input: cycle }] })))), /extension 0x69/);
    const objectCycle: Record<string, unknown> = { a: 1 };
    objectCycle['self'] = objectCycle;
    expectCorrupt(checksummed(clone.pack(fields(record({ state: { full: objectCycle } })))), /extension 0x69/);
  });

  const more = new Packr({ useRecords: false, moreTypes: true });
  it.each([
    ['an Error (0x65)', more.pack(new Error('boom')), /extension 0x65/],
    ['a RegExp (0x78)', more.pack(/(a+)+$/), /extension 0x78/],
    ['a Float64Array (0x74)', more.pack(new Float64Array([1.5])), /extension 0x74/],
    ['an ArrayBuffer (0x74)', more.pack(new ArrayBuffer(2)), /extension 0x74/],
    ['a Set (0x73)', more.pack(new Set([1])), /extension 0x73/],
    ['a bigint extension (0x42)', new Packr({ useRecords: false, useBigIntExtension: true }).pack(2n ** 80n), /extension 0x42/],
    ['bundled strings (0x62)', new Packr({ useRecords: false, bundleStrings: true }).pack(['x'.repeat(40)]), /extension 0x62/],
    ['a record definition (0x72)', new Packr({ useRecords: true }).pack({ a: 1, b: 2 }), /extension 0x72/],
    ['the never-used byte 0xc1', Buffer.from([0xc1]), /0xc1/],
    ['an unknown extension', Buffer.from([0xd6, 0x10, 1, 2, 3, 4]), /extension 0x10/],
    ['a Date of an odd size', Buffer.from([0xd5, 0xff, 1, 2]), /extension 0xff/],
    ['a map key that is a list', Buffer.from([0x81, 0x91, 0x01, 0x02]), /key/],
  ])('%s in the state is CHECKPOINT_CORRUPT', (_, value, why) => {
    expectCorrupt(withState(value), why);
  });

  it('declared lengths past the end of the body and bytes after the record are CHECKPOINT_CORRUPT', () => {
    for (const hex of ['dbffffffff41', 'ddffffffff01', 'dfffffffff01', 'c6ffffffff01', 'c9ffffffff0001', 'dc0010', 'd9', 'cb0000']) {
      expectCorrupt(withState(Buffer.from(hex, 'hex')));
    }
    const good = encodeCheckpoint(record());
    expectCorrupt(checksummed(Buffer.concat([Buffer.from(good).subarray(9), Buffer.from([0xc0])])), /after the record/);
  });

  it('nesting is bounded: 100,000 levels is CHECKPOINT_CORRUPT (no stack overflow); 1,000 levels of state decode', () => {
    const deep = Buffer.concat([Buffer.alloc(100_000, 0x91), Buffer.from([0xc0])]);
    expectCorrupt(withState(deep), /nested more than 1,024 levels/);

    let nested: unknown = 'bottom';
    for (let i = 0; i < 1000; i++) nested = [nested];
    const decoded = decodeCheckpoint(encodeCheckpoint(record({ state: { full: nested } })), 'x');
    expect(decoded.state).toEqual({ full: nested });
  });

  it('decodes a `__proto__` key in hostile bytes as the plain key `__proto_`, changing no prototype', () => {
    // fixmap(1) { "__proto__": fixmap(1) { "admin": true } }
    const body = Buffer.concat([
      Buffer.from([0x81, 0xa9]),
      Buffer.from('__proto__'),
      Buffer.from([0x81, 0xa5]),
      Buffer.from('admin'),
      Buffer.from([0xc3]),
    ]);
    const state = (decodeCheckpoint(withState(body), 'x').state as { full: object }).full;
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(Object.keys(state)).toEqual(['__proto_']);
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
  });
});

describe('the decoded record must have the shape the writer gives it', () => {
  it.each([
    ['status', { status: 'paused' }],
    ['source', { source: 'manual' }],
    ['seq', { seq: 0 }],
    ['seq', { seq: -1 }],
    ['seq', { seq: 1.5 }],
    ['seq', { seq: 2 ** 53 }],
    ['step', { step: -1 }],
    ['step', { step: 0.5 }],
    ['createdAt', { createdAt: Infinity }],
    ['state', { state: { patches: [{ op: 'move', path: ['a'], value: 1 }] } }],
    ['state', { state: { patches: [{ op: 'add', path: [{ k: 1 }], value: 1 }] } }],
  ] as [string, Partial<CheckpointRecord>][])('a bad %s is CHECKPOINT_CORRUPT naming the field (%j)', (field, over) => {
    expectCorrupt(checksummed(plain.pack(fields(record(over)))), new RegExp(`field ${field}`));
  });

  it('accepts every status and source the engine writes, seq 1 and step 0', () => {
    for (const status of ['running', 'interrupted', 'done', 'error'] as const) {
      for (const source of ['input', 'step', 'resume', 'fork'] as const) {
        const r = record({ status, source, seq: 1, step: 0, parentId: null });
        expect(decodeCheckpoint(encodeCheckpoint(r), 'x')).toEqual(r);
      }
    }
  });
});

describe('format version 5: the thread usage and budget', () => {
  /** A body under `version` with the extension fields given (after an empty blob list). */
  const under = (version: number, r: CheckpointRecord, extensions: unknown[]) =>
    checksummed(plain.pack([...fields(r), [], ...extensions]), version);

  it('version 4 bodies (label and patches, no usage) still decode, as records that counted nothing', () => {
    const r = record({ version: 'v1', patched: ['p'] });
    const decoded = decodeCheckpoint(under(4, r, ['v1', ['p']]), 'x');
    expect(decoded).toEqual(r);
    expect(decoded.usage).toBeUndefined();
    // A version 4 header over a version 5 body (two fields too many) is not a record.
    expectCorrupt(under(4, r, ['v1', ['p'], usage, undefined]), /not a record/);
  });

  it('usage and budget round-trip, alone or together', () => {
    for (const over of [
      { usage },
      { budget: { costUsd: 0.5 } },
      { usage, budget: { modelCalls: 3, wallMs: 60_000, onExceeded: 'error' } },
    ] as const) {
      const r = record(over as Partial<CheckpointRecord>);
      expect(decodeCheckpoint(encodeCheckpoint(r), 'x')).toEqual(r);
    }
  });

  it.each([
    ['usage', { ...usage, tokens: -1 }],
    ['usage', { ...usage, costUsd: Number.NaN }],
    ['usage', { ...usage, wallMs: Infinity }],
    ['usage', { ...usage, modelCalls: 2 ** 60 }],
    ['usage', { ...usage, toolCalls: '1' }],
    ['usage', { tokens: 1 }],
    ['usage', { ...usage, extra: 1 }],
    ['usage', [1, 2]],
    ['budget', { tokens: 0 }],
    ['budget', { costUsd: -0.5 }],
    ['budget', { modelCalls: Number.NaN }],
    ['budget', { wallMs: -Infinity }],
    ['budget', { tokens: 'many' }],
    ['budget', { onExceeded: 'ignore' }],
    ['budget', { steps: 3 }],
  ])('hostile %s in stored bytes is CHECKPOINT_CORRUPT naming the field (%j)', (field, value) => {
    const extensions = field === 'usage' ? [undefined, undefined, value, undefined] : [undefined, undefined, undefined, value];
    expectCorrupt(under(5, record(), extensions), new RegExp(`field ${field}`));
  });
});
