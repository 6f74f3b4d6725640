/**
 * Property: a corrupted checkpoint is always rejected with a typed WeftError
 * (`CHECKPOINT_CORRUPT`, or `CHECKPOINT_VERSION` for a well-formed record of
 * another format version), never decoded into a different state and never
 * reported as some other error.
 *
 * The bytes are real: two threads of a small graph (a counting loop, then a
 * node that interrupts twice), written with several snapshot intervals so the
 * store holds full snapshots and delta chains. Corruptions: bit flips and
 * overwritten bytes at random positions (header, checksum, body), truncation,
 * appended garbage, and combinations of these.
 *
 * Hostile bodies: someone who can write to the store can also compute the
 * checksum, so bodies are also re-checksummed after byte flips, after splicing
 * in random msgpack (lying lengths, every extension type, msgpackr's shared
 * references, Errors, RegExps, typed arrays, records, deep nesting) and with
 * random state patches (prototype keys, huge or odd list indexes). Decoding
 * must then give a typed error or plain data no larger than its bytes, and
 * loading must give a typed error or a state, each within a bounded time.
 *
 * Through the store the model is the delta chain: loading a checkpoint reads
 * it and its parents back to the last full snapshot. So resuming the thread
 * fails iff the corrupted entry is on its head's chain (otherwise it continues
 * exactly like an untouched copy of the store); `history()` lists the same
 * views as the untouched copy until the first checkpoint whose chain holds the
 * corrupted entry, then fails; the other thread in the store is unaffected.
 */
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import type { Patch } from 'immer';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_FORMAT_VERSION,
  END,
  MemoryStore,
  START,
  WeftError,
  decodeCheckpoint,
  encodeCheckpoint,
  graph,
  interrupt,
  type CheckpointEntry,
  type CheckpointView,
  type CompiledGraph,
  type InterruptRecord,
  type RunResult,
} from '../src/index.ts';
import { CHECKPOINT_MAX_DEPTH as MAX_DEPTH } from '@weft/checkpoint';
import { assertPlainData, bodyWith, checksummed, fieldsOf, hostileFragment, plain } from './support/hostile-msgpack.ts';

type S = { seen: number[] };
const TYPED = ['CHECKPOINT_CORRUPT', 'CHECKPOINT_VERSION'];

function build(store: MemoryStore, snapshotEvery: number): CompiledGraph<number, number, S> {
  return graph<number, number, S>({ name: 'cp', state: () => ({ seen: [] }) })
    .addNode('inc', (n: number, ctx) => {
      ctx.update((s) => void s.seen.push(n));
      return n + 1;
    })
    .addNode('ask', (n: number) => n + interrupt<number>({ first: n }) + interrupt<number>({ second: n }))
    .addEdge(START, 'inc')
    .addBranch('inc', (n) => (n < 6 ? 'inc' : 'ask'), ['inc', 'ask'])
    .addEdge('ask', END)
    .compile({ store, snapshotEvery });
}

interface Fixture {
  snapshotEvery: number;
  /** Oldest first, per thread: 'a' was resumed once (pending ask#1), 'b' not (pending ask#0). */
  threads: Record<'a' | 'b', CheckpointEntry[]>;
}

async function makeFixture(snapshotEvery: number): Promise<Fixture> {
  const store = new MemoryStore();
  const g = build(store, snapshotEvery);
  await g.run(0, { threadId: 'a' });
  const r = await g.resume({ threadId: 'a', resume: { 'ask#0': 100 } });
  expect(r.interrupts.map((i) => i.id)).toEqual(['ask#1']);
  await g.run(3, { threadId: 'b' });
  const copy = async (t: string) => (await store.list(t)).reverse().map((e) => ({ ...e, bytes: Uint8Array.from(e.bytes) }));
  return { snapshotEvery, threads: { a: await copy('a'), b: await copy('b') } };
}

/** A fresh store holding the fixture's entries, the one at `thread[index]` replaced by `bytes`. */
async function storeWith(f: Fixture, index?: number, bytes?: Uint8Array, thread: 'a' | 'b' = 'a'): Promise<MemoryStore> {
  const store = new MemoryStore();
  for (const t of ['a', 'b'] as const) {
    for (const [i, e] of f.threads[t].entries()) await store.put({ ...e, bytes: t === thread && i === index ? bytes! : e.bytes });
  }
  return store;
}

type Op = { kind: 'flip'; at: number[]; masks: number[] } | { kind: 'truncate'; keep: number } | { kind: 'append'; extra: Uint8Array };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.array(fc.oneof(fc.nat(8), fc.nat()), { minLength: 1, maxLength: 8 }), // header bytes often, anywhere else too
    masks: fc.array(fc.integer({ min: 1, max: 255 }), { minLength: 8, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), keep: fc.nat() }),
  fc.record({ kind: fc.constant('append' as const), extra: fc.uint8Array({ minLength: 1, maxLength: 32 }) }),
);
const corruption = fc.array(op, { minLength: 1, maxLength: 3 });

/** Flips XOR distinct positions with non-zero masks, so every flipped byte really changes. */
function corrupt(original: Uint8Array, ops: Op[]): Uint8Array {
  let b = Uint8Array.from(original); // a copy: Buffer#slice would share memory
  for (const o of ops) {
    if (o.kind === 'truncate') b = b.slice(0, o.keep % b.length);
    else if (o.kind === 'append') b = Uint8Array.from([...b, ...o.extra]);
    else if (b.length > 0) [...new Set(o.at.map((p) => p % b.length))].forEach((p, i) => (b[p]! ^= o.masks[i]!));
  }
  return b;
}
const same = (x: Uint8Array, y: Uint8Array) => x.length === y.length && x.every((v, i) => v === y[i]);

/** A typed checkpoint error; with `id`, one that names the checkpoint it could not read. */
function expectTyped(err: unknown, id?: string): void {
  expect(err).toBeInstanceOf(WeftError);
  expect(TYPED).toContain((err as WeftError).code);
  if (id !== undefined) expect((err as WeftError).message).toContain(id);
}

async function settle<T>(p: PromiseLike<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, error };
  }
}

async function collect<S2>(it: AsyncIterable<CheckpointView<S2>>): Promise<{ views: CheckpointView<S2>[]; error: unknown }> {
  const views: CheckpointView<S2>[] = [];
  try {
    for await (const v of it) views.push(v);
    return { views, error: undefined };
  } catch (error) {
    return { views, error };
  }
}

/** Indices (oldest first) that loading entry `i` reads: it, then parents back to the last full snapshot. */
function chainOf(entries: CheckpointEntry[], i: number): number[] {
  const chain = [i];
  for (let rec = decodeCheckpoint(entries[i]!.bytes, 'fixture'); !('full' in rec.state);) {
    const parent = entries.findIndex((e) => e.id === rec.parentId);
    chain.push(parent);
    rec = decodeCheckpoint(entries[parent]!.bytes, 'fixture');
  }
  return chain;
}

const outcome = (r: RunResult<number, S>) => ({ status: r.status, output: r.output, state: r.state, interrupts: r.interrupts });
const resumeOf = { a: { 'ask#1': 7 }, b: { 'ask#0': 7 } };

describe('checkpoint corruption is always a typed error', () => {
  let fixtures: Fixture[] = [];
  beforeAll(async () => {
    fixtures = await Promise.all([1, 2, 3, 50].map(makeFixture));
    // the fixtures hold both full snapshots and delta chains
    const kinds = fixtures.flatMap((f) => f.threads.a.map((e) => 'full' in decodeCheckpoint(e.bytes, 'x').state));
    expect(kinds).toContain(true);
    expect(kinds).toContain(false);
  });
  const anyEntry = fc.record({ f: fc.nat(3), t: fc.constantFrom('a' as const, 'b' as const), i: fc.nat() });
  const pickEntry = ({ f, t, i }: { f: number; t: 'a' | 'b'; i: number }) => {
    const list = fixtures[f]!.threads[t];
    return list[i % list.length]!;
  };

  it('decodeCheckpoint rejects every corrupted byte string', () => {
    fc.assert(
      fc.property(anyEntry, corruption, (at, ops) => {
        const original = pickEntry(at).bytes;
        const bytes = corrupt(original, ops);
        fc.pre(!same(bytes, original));
        expect(() => decodeCheckpoint(original, 'x')).not.toThrow();
        let threw: unknown;
        try {
          decodeCheckpoint(bytes, 'x');
        } catch (err) {
          threw = err;
        }
        expectTyped(threw);
      }),
      { numRuns: 3000 },
    );
  });

  it('a well-formed record of another format version is CHECKPOINT_VERSION', () => {
    fc.assert(
      fc.property(
        anyEntry,
        // Versions 2, 3 and 4 are still read (the record without its blob list, without its label and patches, without its usage), so a version 5 body under them is CHECKPOINT_CORRUPT instead.
        fc.integer({ min: 0, max: 255 }).filter((v) => v !== CHECKPOINT_FORMAT_VERSION && v !== 2 && v !== 3 && v !== 4),
        (at, version) => {
          const b = Buffer.from(pickEntry(at).bytes);
          b[8] = version;
          b.writeUInt32BE(crc32(b.subarray(8)), 4);
          expect(() => decodeCheckpoint(b, 'x')).toThrow(expect.objectContaining({ code: 'CHECKPOINT_VERSION' }));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a checksummed body with changed bytes is a typed error or a well-formed record, never another error', () => {
    // not corruption the checksum can catch: this checks that the decoder itself never crashes on odd msgpack
    fc.assert(
      fc.property(anyEntry, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }), (at, flips) => {
        const b = Buffer.from(pickEntry(at).bytes);
        for (const [p, m] of flips) b[9 + (p % (b.length - 9))]! ^= m;
        b.writeUInt32BE(crc32(b.subarray(8)), 4);
        try {
          expect(decodeCheckpoint(b, 'x')).toMatchObject({ graph: expect.any(String), frontier: expect.any(Array) });
        } catch (err) {
          if (!(err instanceof WeftError)) throw err;
          expect(err.code).toBe('CHECKPOINT_CORRUPT');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a skip entry that is not a pair (found by the property below: skips [0]) is CHECKPOINT_CORRUPT, not a TypeError', () => {
    const record = decodeCheckpoint(pickEntry({ f: 0, t: 'a', i: 0 }).bytes, 'fixture');
    for (const fragment of [
      [145, 0],
      [145, 192],
      [145, 145, 0],
      [145, 147, 161, 120, 144, 0],
    ]) {
      const bytes = checksummed(bodyWith(record, 13, Uint8Array.from(fragment), false));
      expect(() => decodeCheckpoint(bytes, 'x')).toThrow(
        expect.objectContaining({ code: 'CHECKPOINT_CORRUPT', message: expect.stringMatching(/skip entry is invalid/) }),
      );
    }
  });

  it('a checksummed body with hostile msgpack spliced in is a typed error or plain data no larger than its bytes', () => {
    const cover = { typed: 0, decoded: 0 };
    fc.assert(
      fc.property(anyEntry, fc.nat(19), fc.boolean(), hostileFragment, (at, field, asSnapshot, fragment) => {
        const record = decodeCheckpoint(pickEntry(at).bytes, 'fixture');
        const bytes = checksummed(bodyWith(record, asSnapshot ? 10 : field, fragment, asSnapshot));
        let decoded: unknown;
        try {
          decoded = decodeCheckpoint(bytes, 'x');
        } catch (err) {
          expectTyped(err);
        }
        if (decoded === undefined) cover.typed++;
        else {
          cover.decoded++;
          assertPlainData(decoded, bytes.length, MAX_DEPTH);
        }
        expect(({} as { admin?: unknown }).admin).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
    expect(cover.typed).toBeGreaterThan(500);
    expect(cover.decoded).toBeGreaterThan(20);
  });

  it('a checksummed delta with hostile patches loads as a state or fails CHECKPOINT_CORRUPT naming it', async () => {
    // mostly paths into the state's one list, `seen`, with prototype keys and odd indexes mixed in
    const first = fc.oneof(
      { weight: 4, arbitrary: fc.constant('seen') },
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '-', '0', 0, ''),
    );
    const index = fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: -2, max: 12 }) },
      fc.constantFrom(4_294_967_294, 2 ** 32, 2 ** 53, -0, 1.5, Number.NaN, '-', '01', '3', 'length', '__proto__', 'constructor'),
    );
    const patch = fc.record({
      op: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('add', 'replace', 'remove') }, fc.constantFrom('move', 'test', '')),
      path: fc.oneof(fc.tuple(first), fc.tuple(first, index), fc.tuple(first, index, index), fc.constant([])),
      value: fc.oneof(fc.integer(), fc.constant({ admin: true }), fc.jsonValue({ maxDepth: 2 })),
    });
    const f = fixtures[3]!; // snapshotEvery 50: the head of thread 'a' is a delta
    const a = f.threads.a;
    const head = decodeCheckpoint(a.at(-1)!.bytes, 'fixture');
    expect('patches' in head.state).toBe(true);
    const cover = { loaded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(patch, { minLength: 1, maxLength: 6 }), async (patches) => {
        // raw msgpack: encodeCheckpoint itself refuses patches through prototype keys
        const hostile = checksummed(plain.pack(fieldsOf({ ...head, state: { patches: patches as Patch[] } })));
        const resumed = await settle(
          build(await storeWith(f, a.length - 1, hostile), f.snapshotEvery).resume({ threadId: 'a', resume: resumeOf.a }),
        );
        if (resumed.ok) {
          cover.loaded++;
          // plain data with standard prototypes (a patch through __proto__ would have replaced one), of bounded size
          assertPlainData(resumed.value.state, 1000, MAX_DEPTH);
          if (Array.isArray(resumed.value.state?.seen)) expect(resumed.value.state.seen.length).toBeLessThan(100);
        } else {
          cover.refused++;
          expect(resumed.error).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
          // the shape check names the checkpoint; a patch that does not fit the state is described itself
          expect((resumed.error as Error).message).toMatch(new RegExp(`checkpoint "${head.id}"|^a state patch`));
        }
        expect(({} as { admin?: unknown }).admin).toBeUndefined();
        expect(Object.getPrototypeOf({})).toBe(Object.prototype);
      }),
      { numRuns: 300 },
    );
    expect(cover.loaded).toBeGreaterThan(10);
    expect(cover.refused).toBeGreaterThan(100);
  });

  it('through a store: resume and history fail typed exactly where the corrupted entry is read; the other thread loads fine', async () => {
    const cover = { resumeFailed: 0, resumeOk: 0 };
    await fc.assert(
      fc.asyncProperty(fc.nat(3), fc.nat(), corruption, async (fi, at, ops) => {
        const f = fixtures[fi]!;
        const a = f.threads.a;
        const index = at % a.length;
        const bytes = corrupt(a[index]!.bytes, ops);
        fc.pre(!same(bytes, a[index]!.bytes));
        const bad = build(await storeWith(f, index, bytes), f.snapshotEvery);
        const good = build(await storeWith(f), f.snapshotEvery);

        // resume reads the head's chain only
        const readsIt = (i: number) => chainOf(a, i).includes(index);
        const resumed = await settle(bad.resume({ threadId: 'a', resume: resumeOf.a }));
        cover[resumed.ok ? 'resumeOk' : 'resumeFailed']++;
        if (readsIt(a.length - 1)) {
          expect(resumed.ok).toBe(false);
          if (!resumed.ok) expectTyped(resumed.error, a[index]!.id);
        } else {
          expect(resumed.ok).toBe(true);
          const control = await good.resume({ threadId: 'a', resume: resumeOf.a });
          if (resumed.ok) expect(outcome(resumed.value)).toEqual(outcome(control));
        }

        // history, newest first, fails at the first checkpoint that reads the corrupted one
        const fresh = build(await storeWith(f, index, bytes), f.snapshotEvery);
        const control = await collect(build(await storeWith(f), f.snapshotEvery).history('a'));
        expect(control.error).toBeUndefined();
        const firstBad = [...a.keys()].reverse().findIndex(readsIt);
        const listed = await collect(fresh.history('a'));
        expectTyped(listed.error, a[index]!.id);
        expect(listed.views).toEqual(control.views.slice(0, firstBad));

        // the other thread of the same store is untouched
        const other = await collect(fresh.history('b'));
        expect(other).toEqual(await collect(good.history('b')));
        expect(other.views).toHaveLength(f.threads.b.length);
        const b1 = outcome(await fresh.resume({ threadId: 'b', resume: resumeOf.b }));
        expect(b1).toEqual(outcome(await good.resume({ threadId: 'b', resume: resumeOf.b })));
        expect(b1.status).toBe('interrupted');
      }),
      { numRuns: 300 },
    );
    expect(cover.resumeFailed).toBeGreaterThan(20);
    expect(cover.resumeOk).toBeGreaterThan(20);
  });

  // ENGINE BUG (minimal repro): the codec's shape check does not look inside interrupt records, and
  // restoreCursor (scheduler/cursor-record.ts, `owned`) reads `i.path.length`, so a checksummed record
  // whose interrupt lacks `path` makes resume() reject with a raw TypeError instead of CHECKPOINT_CORRUPT.
  it('a checksummed record whose interrupt has no path is CHECKPOINT_CORRUPT on resume', async () => {
    const f = fixtures[0]!; // snapshotEvery 1: the head is a full snapshot
    const head = f.threads.b.length - 1;
    const record = decodeCheckpoint(f.threads.b[head]!.bytes, 'fixture');
    const { path: _, ...noPath } = record.interrupts[0]!;
    const bytes = encodeCheckpoint({ ...record, interrupts: [noPath as InterruptRecord] });
    const resumed = await settle(build(await storeWith(f, head, bytes, 'b'), 1).resume({ threadId: 'b', resume: resumeOf.b }));
    expect(resumed.ok).toBe(false);
    if (!resumed.ok) expectTyped(resumed.error); // today: TypeError: Cannot read properties of undefined (reading 'length')
  });
});
