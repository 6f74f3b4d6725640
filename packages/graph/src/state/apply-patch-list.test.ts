import fc from 'fast-check';
import { applyPatches, enablePatches, freeze, produceWithPatches } from 'immer';
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
});
