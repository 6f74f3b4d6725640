import fc from 'fast-check';
import { applyPatches, enablePatches, freeze, produceWithPatches, type Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import { applyPatchList } from './apply-patch-list.ts';

enablePatches();

const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 3 }), tie('obj'), tie('list')),
  obj: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
  list: fc.array(tie('node'), { maxLength: 4 }),
})).obj;

/** A random edit of a draft: push, insert, splice out, pop, set or delete at a random container. */
const edit = fc.tuple(fc.nat(), fc.nat(5), fc.nat(), fc.integer());
function mutate(draft: any, [pick, kind, at, value]: [number, number, number, number]): void {
  const all: any[] = [];
  const walk = (n: any) => {
    if (n === null || typeof n !== 'object') return;
    all.push(n);
    for (const v of Array.isArray(n) ? n : Object.values(n)) walk(v);
  };
  walk(draft);
  const target = all[pick % all.length];
  if (Array.isArray(target)) {
    const i = target.length ? at % target.length : 0;
    if (kind === 0) target.push(value);
    else if (kind === 1) target.splice(i, 0, value);
    else if (kind === 2 && target.length) target.splice(i, 1);
    else if (kind === 3) target.pop();
    else target[i] = value;
  } else {
    const key = ['a', 'b', 'c', 'z'][at % 4]!;
    if (kind === 2) delete target[key];
    else target[key] = kind === 4 ? { nested: [value] } : value;
  }
}

describe('applyPatchList', () => {
  it('gives the same state as immer.applyPatches for random edits, leaving the base untouched and the result frozen', () => {
    fc.assert(
      fc.property(tree, fc.array(edit, { minLength: 1, maxLength: 4 }), (raw, edits) => {
        const base = freeze(structuredClone(raw), true);
        const [, patches] = produceWithPatches(base, (d: any) => void edits.forEach((e) => mutate(d, e)));
        const before = JSON.stringify(base);
        const ours = applyPatchList(base, patches);
        expect(ours).toEqual(applyPatches(base, patches));
        expect(JSON.stringify(base)).toBe(before);
        expect(Object.isFrozen(ours)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('replaces the root, and rejects a patch whose path does not exist', () => {
    expect(applyPatchList({ a: 1 }, [{ op: 'replace', path: [], value: 5 }])).toBe(5);
    expect(() => applyPatchList({ a: 1 }, [{ op: 'add', path: ['x', 'y'], value: 1 }])).toThrow(
      expect.objectContaining({ code: 'CHECKPOINT_CORRUPT' }),
    );
  });

  const corrupt = expect.objectContaining({ code: 'CHECKPOINT_CORRUPT' });

  it('refuses a path through __proto__, constructor or prototype, changing no prototype', () => {
    const base = freeze({ a: { b: 1 }, list: [{ c: 1 }] }, true);
    const hostile: Patch[] = [
      { op: 'replace', path: ['__proto__'], value: { admin: true } },
      { op: 'add', path: ['a', '__proto__', 'admin'], value: true },
      { op: 'add', path: ['constructor', 'prototype', 'admin'], value: true },
      { op: 'replace', path: ['a', 'constructor'], value: 1 },
      { op: 'add', path: ['list', 0, 'prototype'], value: 1 },
      { op: 'remove', path: ['list', '__proto__'] },
    ];
    for (const patch of hostile) {
      expect(() => applyPatchList(base, [patch]), JSON.stringify(patch.path)).toThrow(corrupt);
      expect(() => applyPatchList(base, [patch]), JSON.stringify(patch.path)).toThrow(/"(__proto__|constructor|prototype)"/);
    }
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.getPrototypeOf(base)).toBe(Object.prototype);
  });

  it('bounds list indexes: add at 0..length or "-", replace and remove at 0..length-1, all at once', () => {
    const base = freeze({ list: ['x', 'y'], rows: [[1]] }, true);
    const started = performance.now();
    const refused: Patch[] = [
      { op: 'replace', path: ['list', 4_294_967_294], value: 1 },
      { op: 'add', path: ['list', 4_294_967_294], value: 1 },
      { op: 'add', path: ['list', 3], value: 1 },
      { op: 'replace', path: ['list', 2], value: 1 },
      { op: 'remove', path: ['list', 2] },
      { op: 'replace', path: ['list', '-'], value: 1 },
      { op: 'remove', path: ['list', '-'] },
      { op: 'add', path: ['list', -1], value: 1 },
      { op: 'add', path: ['list', 1.5], value: 1 },
      { op: 'add', path: ['list', '01'], value: 1 },
      { op: 'add', path: ['list', 'length'], value: 1 },
      { op: 'replace', path: ['rows', 1, 0], value: 1 },
      { op: 'replace', path: ['rows', -1, 0], value: 1 },
      { op: 'add', path: ['list', 0, 'x'], value: 1 },
    ];
    for (const patch of refused) expect(() => applyPatchList(base, [patch]), JSON.stringify(patch)).toThrow(corrupt);
    expect(performance.now() - started).toBeLessThan(1000); // the first one used to take minutes: a 4-billion-slot list
    expect(applyPatchList(base, [{ op: 'add', path: ['list', '-'], value: 'z' }])).toEqual({ list: ['x', 'y', 'z'], rows: [[1]] });
    expect(applyPatchList(base, [{ op: 'add', path: ['list', 2], value: 'z' }])).toEqual({ list: ['x', 'y', 'z'], rows: [[1]] });
    expect(applyPatchList(base, [{ op: 'add', path: ['list', 0], value: 'z' }])).toEqual({ list: ['z', 'x', 'y'], rows: [[1]] });
    expect(applyPatchList(base, [{ op: 'replace', path: ['list', '1'], value: 'z' }])).toEqual({ list: ['x', 'z'], rows: [[1]] });
    expect(applyPatchList(base, [{ op: 'remove', path: ['rows', 0, 0] }])).toEqual({ list: ['x', 'y'], rows: [[]] });
  });

  it('refuses unknown ops, odd path segments and keys a container only inherits', () => {
    const base = freeze({ a: { b: 1 } }, true);
    const refused = [
      { op: 'move', path: ['a'], value: 1 },
      { op: 'add', path: [{ k: 1 }], value: 1 },
      { op: 'add', path: ['a', null, 'x'], value: 1 },
      { op: 'add', path: ['toString', 'x'], value: 1 },
      { op: 'add', path: ['hasOwnProperty', 'call'], value: 1 },
    ] as unknown as Patch[];
    for (const patch of refused) expect(() => applyPatchList(base, [patch]), JSON.stringify(patch)).toThrow(corrupt);
  });
});
