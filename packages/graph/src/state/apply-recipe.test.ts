import fc from 'fast-check';
import { enablePatches, freeze, nothing, produceWithPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { applyPatchList } from './apply-patch-list.ts';
import { applyRecipe } from './apply-recipe.ts';

enablePatches();

const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.constantFrom('x', 'y', undefined, null), tie('obj'), tie('list')),
  obj: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
  list: fc.array(tie('node'), { maxLength: 4 }),
})).obj;

type Edit = [pick: number, kind: number, at: number, value: number];
const edit = fc.tuple(fc.nat(), fc.nat(13), fc.nat(), fc.integer({ min: -5, max: 5 }));

/** Every container reachable from a draft, read through the draft (so nested ones are drafted). */
function containers(draft: any): any[] {
  const all: any[] = [];
  const walk = (n: any, depth: number) => {
    if (n === null || typeof n !== 'object' || depth > 6 || all.includes(n)) return;
    all.push(n);
    for (const v of Array.isArray(n) ? n : Object.values(n)) walk(v, depth + 1);
  };
  walk(draft, 0);
  return all;
}

/** One random change of a draft: list methods, index and key writes, deletes, length, moves and aliases of drafts. */
function mutate(draft: any, [pick, kind, at, value]: Edit): void {
  const all = containers(draft);
  const target = all[pick % all.length];
  const other = all[(pick + at) % all.length];
  if (Array.isArray(target)) {
    const i = target.length ? at % target.length : 0;
    if (kind === 0) target.push(value);
    else if (kind === 1) target.splice(i, 0, value, { made: [value] });
    else if (kind === 2 && target.length) target.splice(i, 1);
    else if (kind === 3) target.pop();
    else if (kind === 4) target.shift();
    else if (kind === 5) target.unshift(value);
    else if (kind === 6) target.reverse();
    else if (kind === 7) target.length = Math.min(target.length, at % 3);
    else if (kind === 8 && target.length) delete target[i];
    else if (kind === 9 && target.length && other !== target && !containers(other).includes(target)) target[i] = other;
    else if (kind === 10) target.sort((x: unknown, y: unknown) => String(x).localeCompare(String(y)));
    else if (kind === 11 && target.length)
      target[i] = target[(i + 0) % target.length]; // assigns what is there
    else if (target.length) target[i] = value;
  } else {
    const key = ['a', 'b', 'c', 'z'][at % 4]!;
    if (kind === 2 || kind === 8) delete target[key];
    else if (kind === 9 && other !== target && !containers(other).includes(target)) target[key] = other;
    else if (kind === 4) target[key] = { nested: [value] };
    else if (kind === 11)
      target[key] = target[`${key}`]; // assigns what is there
    else if (kind === 12) target[key] = undefined;
    else target[key] = value;
  }
}

describe('applyRecipe', () => {
  it('gives immer’s next state and patches for random edits, leaving the base untouched, the result frozen, and the patches replayable', () => {
    fc.assert(
      fc.property(tree, fc.array(edit, { maxLength: 6 }), (raw, edits) => {
        const base = freeze(structuredClone(raw), true);
        const before = structuredClone(raw);
        const recipe = (d: any) => {
          for (const e of edits) mutate(d, e);
        };
        const [want, wantPatches] = produceWithPatches(base, recipe);
        const [got, patches] = applyRecipe(base, recipe);
        expect(got).toStrictEqual(want);
        expect(base).toStrictEqual(before);
        expect(isDeepFrozen(got)).toBe(true);
        expect(applyPatchList(base, patches)).toStrictEqual(want);
        // immer sometimes also records a change inside a value it then replaces whole: never more patches than immer's,
        // where immer's replay (it can miss a change to a draft that a new object took in, which these never miss).
        if (isEqual(applyPatchList(base, wantPatches), want)) {
          expect(patches.length).toBeLessThanOrEqual(wantPatches.length);
          if (patches.length === wantPatches.length) expect(patches).toEqual(wantPatches);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('records exactly immer’s patches for one change of each kind', () => {
    const base = freeze({ n: 1, s: 'a', obj: { k: 1, gone: 2 }, list: [1, 2, 3], items: [{ n: 1 }, { n: 2 }] }, true);
    const recipes: ((d: any) => void)[] = [
      (d) => void d.n++,
      (d) => void (d.fresh = { made: [1] }),
      (d) => void delete d.obj.gone,
      (d) => void d.list.push(4, 5),
      (d) => void d.list.pop(),
      (d) => void d.list.splice(1, 1),
      (d) => void d.list.unshift(0),
      (d) => void (d.list.length = 0),
      (d) => void (d.items[1].n = 5),
      (d) => void d.items.push({ n: 3 }),
      (d) => void (d.items = d.items.filter((i: any) => i.n > 1)),
      (d) => {
        d.s = 'b';
        d.obj.k = 2;
        d.items[0].extra = true;
      },
      (d) => {
        d.obj.k = 3;
        d.items[1].n = 0;
        d.items[0].n = 9;
        d.list.push(7);
        d.n = 0;
      },
    ];
    for (const recipe of recipes) {
      const [want, wantPatches] = produceWithPatches(base, recipe);
      const [got, patches] = applyRecipe(base, recipe);
      expect(got).toStrictEqual(want);
      expect(patches).toEqual(wantPatches);
    }
  });

  it('keeps what was not changed: an untouched subtree is the same object, an unchanged recipe returns the base', () => {
    const base = freeze({ keep: { deep: [1] }, list: [{ n: 1 }, { n: 2 }] }, true);
    const [same, none] = applyRecipe(base, (d: any) => {
      void d.keep.deep[0];
      d.list[0].n = 1;
    });
    expect(same).toBe(base);
    expect(none).toEqual([]);
    const [next, patches] = applyRecipe(base, (d: any) => {
      d.list[1].n = 3;
    });
    expect((next as any).keep).toBe(base.keep);
    expect((next as any).list[0]).toBe(base.list[0]);
    expect(patches).toEqual([{ op: 'replace', path: ['list', 1, 'n'], value: 3 }]);
  });

  it('takes a returned value as the whole new state, and immer’s nothing as undefined', () => {
    const base = freeze({ a: { x: 1 } }, true);
    const [spread, p1] = applyRecipe(base, (d: any) => ({ ...d, y: 1 }));
    expect(spread).toEqual({ a: { x: 1 }, y: 1 });
    expect((spread as any).a).toBe(base.a); // the draft inside the spread was resolved to the original
    expect(p1).toEqual([{ op: 'replace', path: [], value: spread }]);
    const [child] = applyRecipe(base, (d: any) => d.a);
    expect(child).toBe(base.a);
    expect(applyRecipe(base, () => nothing)).toEqual([undefined, [{ op: 'replace', path: [], value: undefined }]]);
    const [self, p2] = applyRecipe(base, (d: any) => {
      d.a.x = 2;
      return d;
    });
    expect(self).toEqual({ a: { x: 2 } });
    expect(p2).toEqual([{ op: 'replace', path: ['a', 'x'], value: 2 }]);
  });

  it('runs on a state that is not a container the way immer does: the recipe gets the value and its result replaces it', () => {
    for (const [base, recipe] of [
      [5, (n: number) => n + 1],
      [5, () => undefined],
      [null, () => 'set'],
    ] as const) {
      expect(applyRecipe(base, recipe as never)).toEqual(produceWithPatches(base, recipe as never).slice(0, 2));
    }
    // immer refuses to draft a Date at the root; here it is a value like any other leaf.
    const when = new Date(0);
    expect(applyRecipe(when, () => undefined)).toEqual([when, [{ op: 'replace', path: [], value: when }]]);
  });

  it('refuses what immer refuses or what could not be stored, and leaves no usable draft behind', () => {
    const base = freeze({ a: { x: 1 }, list: [1] }, true);
    expect(() =>
      applyRecipe(base, (d: any) => {
        d.a.x = 2;
        return { other: true };
      }),
    ).toThrow('either change the draft or return a new state');
    expect(() => applyRecipe(base, (d: any) => void (d.list.extra = 1))).toThrow('takes only indexes and length');
    expect(() => applyRecipe(base, (d: any) => void (d[Symbol('s')] = 1))).toThrow('symbol key');
    expect(() => applyRecipe(base, (d: any) => void Object.defineProperty(d, 'k', { value: 1 }))).toThrow(
      'Object.defineProperty() cannot be used on a state draft',
    );
    expect(() => applyRecipe(base, async (d: any) => void (d.a.x = 3))).toThrow('must be synchronous');
    let leaked: any;
    applyRecipe(base, (d: any) => void (leaked = d.a));
    expect(() => leaked.x).toThrow(TypeError);
    expect(base).toEqual({ a: { x: 1 }, list: [1] });
  });

  it('shows the draft as the value it stands for: keys, spreads, JSON, in, Array.isArray, iteration', () => {
    const base = freeze({ a: { x: 1 }, list: [{ n: 1 }, 2] }, true);
    applyRecipe(base, (d: any) => {
      d.a.y = 2;
      expect(Object.keys(d)).toEqual(['a', 'list']);
      expect(JSON.stringify(d)).toBe('{"a":{"x":1,"y":2},"list":[{"n":1},2]}');
      expect({ ...d.a }).toEqual({ x: 1, y: 2 });
      expect('y' in d.a).toBe(true);
      expect(Array.isArray(d.list)).toBe(true);
      expect([...d.list].length).toBe(2);
      expect(d.list.map((v: any) => (typeof v === 'object' ? v.n : v))).toEqual([1, 2]);
      expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
    });
  });
});

function isEqual(a: unknown, b: unknown): boolean {
  try {
    expect(a).toStrictEqual(b);
    return true;
  } catch {
    return false;
  }
}

function isDeepFrozen(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  return Object.isFrozen(v) && Object.values(v).every(isDeepFrozen);
}
