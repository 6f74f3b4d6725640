import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { applyPatches, enablePatches, freeze, type Patch } from 'immer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKPOINT_FORMAT_VERSION, decodeCheckpoint, encodeCheckpoint, type CheckpointRecord } from '../index.ts';
import { applyPatchList } from './apply-patch-list.ts';

enablePatches();

const packr = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false });

/** A delta record as someone who can write to the store could write it: packed by hand, with a valid header and checksum. */
function handWritten(patches: Patch[], pending: CheckpointRecord['pending'] = []): Uint8Array {
  const fields = [
    'g',
    'h',
    't',
    'cp-2',
    'cp-1',
    2,
    1,
    'running',
    'step',
    1,
    { patches },
    [],
    [],
    [],
    pending,
    [],
    {},
    undefined,
    undefined,
    undefined,
    [], // the blob list (format version 3)
    undefined, // the graph version's label (format version 4)
    undefined, // the thread's patches (format version 4)
    undefined, // the thread's usage (format version 5)
    undefined, // the thread's budget (format version 5)
  ];
  const body = packr.pack(fields);
  const out = Buffer.alloc(9 + body.length);
  out.write('WFCP', 0, 'latin1');
  out[8] = CHECKPOINT_FORMAT_VERSION;
  out.set(body, 9);
  out.writeUInt32BE(crc32(out.subarray(8)), 4);
  return out;
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (err) {
    return err;
  }
  throw new Error('expected it to throw');
}

describe('patch paths', () => {
  it('a stored patch whose path has 20,000 keys is CHECKPOINT_CORRUPT when applied, with a short message', () => {
    const path = Array.from({ length: 20_000 }, () => 'k');
    const err = thrown(() => applyPatchList(freeze({ k: {} }, true), [{ op: 'add', path, value: 1 }]));
    expect(err).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    expect((err as Error).message).toBe(
      'a state patch has no container at ["k","k"] (add ["k","k","k","k","k","k","k","k","k","k","k","k",…] of 20,000 keys)',
    );
  });

  it('a path 5,000 keys deep into a state that deep applies without recursion', () => {
    let state: unknown = 0;
    for (let i = 0; i < 5000; i++) state = Object.freeze({ k: state });
    const path = Array.from({ length: 5000 }, () => 'k');
    const next = applyPatchList(state, [{ op: 'replace', path, value: 1 }]);
    let bottom: unknown = next;
    for (let i = 0; i < 5000; i++) bottom = (bottom as { k: unknown }).k;
    expect(bottom).toBe(1);
    expect(Object.isFrozen(next)).toBe(true);
  });

  it('decoding a delta or a pending result whose patch path has more than 1,024 keys is CHECKPOINT_CORRUPT', () => {
    const long = Array.from({ length: 20_000 }, () => 'k');
    const within = Array.from({ length: 1024 }, () => 'k');
    expect(decodeCheckpoint(handWritten([{ op: 'add', path: within, value: 1 }]), 'ok').state).toEqual({
      patches: [{ op: 'add', path: within, value: 1 }],
    });
    expect(thrown(() => decodeCheckpoint(handWritten([{ op: 'add', path: long, value: 1 }]), 'long'))).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message:
        'checkpoint long is corrupt (field state holds a patch that has a path of 20,000 keys, more than the 1,024 a checkpoint nests); pick an earlier checkpoint from history()',
    });
    const pending = [{ node: 'a', output: 1, patches: [{ op: 'replace' as const, path: long.slice(0, 1025), value: 1 }] }];
    expect(thrown(() => decodeCheckpoint(handWritten([], pending), 'pending'))).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: 'checkpoint pending is corrupt (a pending result is invalid); pick an earlier checkpoint from history()',
    });
  });

  it('the writer refuses a patch whose path is longer than that, so it never writes one it could not load', () => {
    const record = decodeCheckpoint(handWritten([{ op: 'add', path: ['x'], value: 1 }]), 'ok');
    const path = Array.from({ length: 1025 }, () => 'k');
    expect(thrown(() => encodeCheckpoint({ ...record, state: { patches: [{ op: 'add', path, value: 1 }] } }))).toMatchObject({
      code: 'CHECKPOINT_UNSERIALIZABLE',
      details: {
        what: 'a state patch that has a path of 1,025 keys, more than the 1,024 a checkpoint nests',
        at: `state${'.k'.repeat(11)}… (1,026 steps)`,
      },
    });
  });
});

describe('replaying list insertions and removals', () => {
  let moved = 0;
  const splice = Array.prototype.splice;
  afterEach(() => vi.restoreAllMocks());
  /** Counts the items every splice() call moves (those after its start), the work that made a forged delta quadratic. */
  function countMoves(): void {
    moved = 0;
    vi.spyOn(Array.prototype, 'splice').mockImplementation(function (this: unknown[], ...args: unknown[]) {
      const start = Number(args[0]);
      moved += Math.max(0, this.length - (start < 0 ? this.length + start : start));
      return splice.apply(this, args as [number, number, ...unknown[]]);
    });
  }

  it('25,000 insertions at the front of a list move items in proportion to the list, not its square', () => {
    const n = 25_000;
    const patches: Patch[] = Array.from({ length: n }, (_, i) => ({ op: 'add', path: ['items', 0], value: i }));
    countMoves();
    const next = applyPatchList(freeze({ items: [] }, true), patches) as { items: number[] };
    vi.restoreAllMocks();
    expect(next.items).toEqual(Array.from({ length: n }, (_, i) => n - 1 - i));
    expect(Object.isFrozen(next.items)).toBe(true);
    // Inserting one by one moves 0 + 1 + … + 24,999 = 312 million items.
    expect(moved).toBeLessThanOrEqual(4 * n);
  });

  it('removals from the front and insertions in the middle of a long list stay linear too', () => {
    const n = 20_000;
    const base = freeze({ items: Array.from({ length: n }, (_, i) => i) }, true);
    const patches: Patch[] = [];
    for (let i = 0; i < n / 2; i++) patches.push({ op: 'remove', path: ['items', 0] });
    for (let i = 0; i < n / 2; i++) patches.push({ op: 'add', path: ['items', n / 4], value: -i });
    const expected = Array.from({ length: n }, (_, i) => i).slice(n / 2);
    for (let i = 0; i < n / 2; i++) expected.splice(n / 4, 0, -i);
    countMoves();
    const next = applyPatchList(base, patches) as { items: number[] };
    vi.restoreAllMocks();
    expect(next.items).toEqual(expected);
    expect(moved).toBeLessThanOrEqual(4 * n);
  });

  it('gives the same state as immer.applyPatches for random insertions, removals, replacements and writes inside items', () => {
    const op = fc.tuple(fc.nat(3), fc.nat(), fc.integer());
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 80 }), fc.array(op, { maxLength: 300 }), (items, ops) => {
        const base = freeze({ items: items.map((v) => ({ v })) }, true);
        let length = items.length;
        const patches: Patch[] = [];
        for (const [kind, at, value] of ops) {
          if (kind === 0 || length === 0) {
            patches.push({ op: 'add', path: ['items', at % (length + 1)], value: { v: value } });
            length++;
          } else if (kind === 1) {
            patches.push({ op: 'remove', path: ['items', at % length] });
            length--;
          } else if (kind === 2) patches.push({ op: 'replace', path: ['items', at % length], value: { v: value } });
          else patches.push({ op: 'replace', path: ['items', at % length, 'v'], value });
        }
        const ours = applyPatchList(base, patches);
        expect(ours).toEqual(applyPatches(base, patches));
        expect(Object.isFrozen((ours as { items: object[] }).items)).toBe(true);
        expect(base.items.length).toBe(items.length);
      }),
      { numRuns: 300 },
    );
  });
});
