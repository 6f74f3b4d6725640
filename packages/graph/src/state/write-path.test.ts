import fc from 'fast-check';
import { applyPatches, enablePatches, freeze, produceWithPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { END, START, graph, MemoryStore } from '../index.ts';
import { appendIn, removeIn, setIn } from './write-path.ts';

enablePatches();

/** Random frozen state trees: objects of lists and objects, a few levels deep. */
const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 3 }), tie('obj'), tie('list')),
  obj: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
  list: fc.array(tie('node'), { maxLength: 3 }),
})).obj;

/** Every (path to a container, container) pair in a tree. */
function containers(node: unknown, path: (string | number)[] = []): [(string | number)[], unknown][] {
  if (node === null || typeof node !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
  return [[path, node], ...entries.flatMap(([k, v]) => containers(v, [...path, k]))];
}

describe('setIn and appendIn', () => {
  it('give the same state and patches as the equivalent immer recipe, leave the base untouched, and replay through applyPatches', () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.nat(), fc.integer(), fc.boolean(), (raw, pick, keyPick, value, append) => {
        const base = freeze(structuredClone(raw), true);
        const all = containers(base);
        const [path, at] = all[pick % all.length]!;
        const snapshot = JSON.stringify(base);
        if (append || Array.isArray(at)) {
          if (!Array.isArray(at)) return;
          const ours = appendIn(base, path, [value, value + 1]);
          const [theirs, patches] = produceWithPatches(base, (d: any) => void path.reduce((n, k) => n[k], d).push(value, value + 1));
          expect(ours.root).toEqual(theirs);
          expect(ours.patches).toEqual(patches);
          expect(applyPatches(base, ours.patches)).toEqual(theirs);
        } else {
          const key = ['a', 'b', 'c', 'z'][keyPick % 4]!;
          const ours = setIn(base, [...path, key], value);
          const [theirs, patches] = produceWithPatches(base, (d: any) => void (path.reduce((n, k) => n[k], d)[key] = value));
          expect(ours.root).toEqual(theirs);
          if (patches.length) expect([ours.patch]).toEqual(patches);
          expect(applyPatches(base, [ours.patch])).toEqual(theirs);
        }
        expect(JSON.stringify(base)).toBe(snapshot);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the new state frozen and rejects paths that do not exist', () => {
    const base = freeze({ list: [1], obj: { x: 1 } }, true);
    const { root } = setIn(base, ['obj', 'y'], { deep: [1] });
    expect(Object.isFrozen((root as any).obj.y.deep)).toBe(true);
    expect(() => setIn(base, ['nope', 'x'], 1)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => setIn(base, ['list', 5], 1)).toThrow(/ends at index 5 of a list of 1/);
    expect(() => appendIn(base, ['obj'], [1])).toThrow(/is not a list/);
    expect(() => setIn(base, [], 1)).toThrow(/is empty/);
  });

  it('refuse paths through __proto__, constructor or prototype, and segments that are not keys, with INVALID_ARGUMENT', () => {
    const base = freeze({ list: [{ x: 1 }], obj: { x: 1 } }, true);
    const invalid = expect.objectContaining({ code: 'INVALID_ARGUMENT' });
    for (const path of [
      ['__proto__'],
      ['obj', '__proto__'],
      ['obj', 'constructor'],
      ['list', 0, 'prototype'],
      ['constructor', 'prototype', 'x'],
    ]) {
      expect(() => setIn(base, path, { admin: true }), JSON.stringify(path)).toThrow(invalid);
      expect(() => setIn(base, path, { admin: true }), JSON.stringify(path)).toThrow(/"(__proto__|constructor|prototype)"/);
      expect(() => appendIn(base, path, [1]), JSON.stringify(path)).toThrow(invalid);
    }
    expect(() => setIn(base, ['obj', {} as never], 1)).toThrow(invalid);
    expect(() => appendIn(base, [null as never], [1])).toThrow(invalid);
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.getPrototypeOf((setIn(base, ['obj', 'y'], 1).root as { obj: object }).obj)).toBe(Object.prototype);
  });

  it('are what ctx.set and ctx.append record: applied at the barrier and checkpointed like recipes', async () => {
    const store = new MemoryStore();
    const g = graph<number, number, { log: string[]; count: number; meta: Record<string, string> }>({
      name: 'fast',
      state: () => ({ log: [], count: 0, meta: {} }),
    })
      .addNode(
        'a',
        (n: number, ctx) => (ctx.append(['log'], `a${n}`), ctx.set(['count'], ctx.state.count + 1), ctx.set(['meta', 'by'], 'a'), n),
      )
      .addNode('b', (n: number, ctx) => (ctx.update((d) => void d.log.push(`b${n}`)), n))
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addEdge('a', END)
      .addEdge('b', END)
      .compile({ store, maxSteps: 5 });
    const res = await g.run(1, { threadId: 't' });
    expect(res.state).toEqual({ log: ['a1', 'b1'], count: 1, meta: { by: 'a' } });
    expect((await g.getState('t')).state).toEqual(res.state);
  });

  it('removeIn gives the same state and patch as an immer recipe deleting the key or splicing the item', () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.nat(), (raw, pick, keyPick) => {
        const base = freeze(structuredClone(raw), true);
        const all = containers(base).filter(([, c]) => (Array.isArray(c) ? c.length > 0 : Object.keys(c as object).length > 0));
        if (all.length === 0) return;
        const [path, at] = all[pick % all.length]!;
        const keys: (string | number)[] = Array.isArray(at) ? at.map((_, i) => i) : Object.keys(at as object);
        const key = keys[keyPick % keys.length]!;
        const snapshot = JSON.stringify(base);
        const ours = removeIn(base, [...path, key]);
        const [theirs, patches] = produceWithPatches(base, (d: any) => {
          const parent = path.reduce((n, k) => n[k], d);
          if (Array.isArray(parent)) parent.splice(key as number, 1);
          else delete parent[key];
        });
        expect(ours.root).toEqual(theirs);
        expect(applyPatches(base, [ours.patch])).toEqual(theirs);
        if (!Array.isArray(at)) expect([ours.patch]).toEqual(patches);
        expect(Object.isFrozen(ours.root)).toBe(true);
        expect(JSON.stringify(base)).toBe(snapshot);
      }),
      { numRuns: 500 },
    );
    const base = freeze({ list: [1], obj: { x: 1 } }, true);
    expect(() => removeIn(base, ['obj', 'y'])).toThrow(/names no key that exists/);
    expect(() => removeIn(base, ['list', 1])).toThrow(/ends at index 1 of a list of 1/);
    expect(() => removeIn(base, [])).toThrow(/is empty/);
    expect(() => removeIn(base, ['obj', '__proto__'])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('ctx.remove is recorded like a recipe that deletes: applied at the barrier and checkpointed', async () => {
    const store = new MemoryStore();
    const g = graph<number, number, { lanes: Record<string, number[]> }>({ name: 'rm', state: () => ({ lanes: { a: [1], b: [2] } }) })
      .addNode('drop', (n: number, ctx) => (ctx.remove(['lanes', 'a']), ctx.remove(['lanes', 'b', 0]), n))
      .addEdge(START, 'drop')
      .addEdge('drop', END)
      .compile({ store });
    const res = await g.run(1, { threadId: 't' });
    expect(res.state).toEqual({ lanes: { b: [] } });
    expect((await g.getState('t')).state).toEqual(res.state);
  });
});
