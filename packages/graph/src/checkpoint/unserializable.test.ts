import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, MemoryStore } from '../index.ts';

/** a → b → END; `a` stores what `value()` gives in the state, `b` passes on what it gets. */
const build = (store: MemoryStore, value: () => unknown, output: (n: number) => unknown = (n) => n) =>
  graph<number, unknown, { v: unknown; log: number[] }>({ name: 'odd', state: () => ({ v: null, log: [] }) })
    .addNode('a', (n: number, ctx) => (ctx.append(['log'], n), ctx.set(['v'], value()), output(n)))
    .addNode('b', (x: unknown) => x)
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', END)
    .compile({ store });

/** { child: { parent: <itself> } } */
function cyclic(): object {
  const node: Record<string, unknown> = {};
  node['child'] = { parent: node };
  return node;
}

/** A list nested `levels` deep around 'bottom'. */
function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('values a checkpoint cannot hold', () => {
  it.each([
    ['a Float64Array', () => ({ list: [1, new Float64Array([1.5])] }), 'state.v.list[1]'],
    ['a Uint16Array', () => new Uint16Array([300]), 'state.v'],
    ['a function', () => ({ onDone: () => 1 }), 'state.v.onDone'],
    ['a symbol', () => [Symbol('s')], 'state.v[0]'],
    ['a Map with a object key', () => new Map([[{ k: 1 }, 'v']]), 'state.v'],
    [
      'an object with more than 65,535 keys',
      () => ({ wide: Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`k${i}`, i])) }),
      'state.v.wide',
    ],
    // msgpackr writes a lone surrogate as 3 bytes in short strings and as U+FFFD in long ones; both read back as U+FFFD
    ['a string with a lone UTF-16 surrogate', () => ({ text: '😀'.slice(0, 1) }), 'state.v.text'],
    ['a string with a lone UTF-16 surrogate', () => ['x'.repeat(30) + '\udc00'], 'state.v[0]'],
    ['a string with a lone UTF-16 surrogate', () => ['x'.repeat(100) + '\ud800 and more'], 'state.v[0]'],
    ['a key with a lone UTF-16 surrogate', () => ({ inner: { ['k\ud800']: 1 } }), 'state.v.inner'],
    ['a key named "__proto__"', () => ({ inner: JSON.parse('{ "__proto__": { "admin": true } }') as unknown }), 'state.v.inner'],
    ['an Error', () => ({ failure: new TypeError('boom') }), 'state.v.failure'],
    ['a RegExp', () => ({ pattern: /a+/g }), 'state.v.pattern'],
    ['a Promise', () => ({ later: Promise.resolve(1) }), 'state.v.later'],
    ['a WeakMap', () => [new WeakMap()], 'state.v[0]'],
    ['a WeakSet', () => [new WeakSet()], 'state.v[0]'],
    // eslint-disable-next-line no-sparse-arrays
    ['a sparse array', () => ({ list: [1, , 3] }), 'state.v.list'],
    ['a sparse array', () => ({ list: new Array(3) }), 'state.v.list'],
    ['a reference cycle', () => cyclic(), 'state.v.child.parent'],
    ['a reference cycle', () => new Map([['me', cyclic()]]), 'state.v.me.child.parent'],
  ])(
    '%s in the state fails the run with CHECKPOINT_UNSERIALIZABLE naming where, and the thread keeps its last good checkpoint',
    async (what, value, at) => {
      const store = new MemoryStore();
      const res = await build(store, value).run(1, { threadId: 't' });
      expect(res.status).toBe('error');
      expect(res.error).toMatchObject({ code: 'CHECKPOINT_UNSERIALIZABLE', details: { what, at } });
      expect(res.error?.message).toContain(`cannot hold ${what} (at ${at})`);
      // Only the input checkpoint was written; it loads, and the thread runs again once the value is plain.
      expect((await store.list('t')).map((e) => e.step)).toEqual([0]);
      const again = await build(store, () => ({ list: [1, 1.5] })).run(2, { threadId: 't' });
      expect([again.status, again.output, again.state]).toEqual(['done', 2, { v: { list: [1, 1.5] }, log: [2] }]);
    },
  );

  it('a node output that cannot be stored names the node; plain Uint8Array, Date, bigint, Map and Set still work', async () => {
    const store = new MemoryStore();
    const bad = await build(
      store,
      () => null,
      () => ({ handler: () => 1 }),
    ).run(1, { threadId: 'bad' });
    expect(bad.error).toMatchObject({
      code: 'CHECKPOINT_UNSERIALIZABLE',
      details: { what: 'a function', at: 'the input of node "b", at handler' },
    });
    const fine = { bytes: new Uint8Array([1, 2]), when: new Date(5), big: 10n, map: new Map([['a', 1]]), set: new Set([1]) };
    const ok = await build(store, () => fine).run(1, { threadId: 'ok' });
    expect(ok.status).toBe('done');
    const loaded = await build(store, () => fine).getState('ok');
    expect(loaded.state.v).toEqual({ bytes: Buffer.from([1, 2]), when: new Date(5), big: 10n, map: { a: 1 }, set: [1] });
  });

  it('a recipe that writes a key named constructor or prototype fails its node with INVALID_ARGUMENT (such a patch could not be loaded), with or without a store', async () => {
    const build = (store?: MemoryStore) =>
      graph<number, number, { counts: Record<string, number> }>({ name: 'words', state: () => ({ counts: { constructor: 0 } }) })
        .addNode('count', (n: number, ctx) => (ctx.update((s) => void (s.counts['constructor'] = n)), n))
        .addEdge(START, 'count')
        .addEdge('count', END)
        .compile(store ? { store } : {});
    const store = new MemoryStore();
    for (const res of [await build(store).run(1, { threadId: 't' }), await build().run(1)]) {
      expect(res.error).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message:
          'a state update goes through "constructor" (a key that leads to a prototype): state keys cannot be __proto__, constructor or prototype',
        details: { path: ['counts', 'constructor'] },
      });
    }
    // the snapshot holding such a key is fine: only writes through it are refused
    expect((await build(store).getState('t')).state).toEqual({ counts: { constructor: 0 } });
  });

  it('a value nested past the limit is refused (typed, no stack overflow); 1,000 levels round-trip', async () => {
    const store = new MemoryStore();
    const deep = await build(store, () => nested(5000)).run(1, { threadId: 'deep' });
    // written as a patch: the record, state, patches, the patch, then state.v at level 5 and 1,020 lists below it
    expect(deep.error).toMatchObject({
      code: 'CHECKPOINT_UNSERIALIZABLE',
      details: { what: 'a value nested more than 1,024 levels deep', at: `state.v${'[0]'.repeat(10)}… (1,022 steps)` },
    });

    const ok = await build(
      store,
      () => nested(1000),
      () => nested(1000),
    ).run(1, { threadId: 'ok' });
    expect(ok.status).toBe('done');
    expect((await build(store, () => null).getState('ok')).state.v).toEqual(nested(1000)); // a patch value; snapshots: codec.test.ts
    const over = await build(store, () => nested(1030)).run(1, { threadId: 'over' });
    expect(over.error).toMatchObject({ code: 'CHECKPOINT_UNSERIALIZABLE' });
  });

  it('a reference cycle given to resume({ update }) is refused typed, and the thread stays where it was', async () => {
    const store = new MemoryStore();
    const g = graph<number, number, { v: unknown }>({ name: 'upd', state: () => ({ v: null }) })
      .addNode('ask', (n: number) => n + interrupt<number>('more?'))
      .addEdge(START, 'ask')
      .addEdge('ask', END)
      .compile({ store });
    await g.run(1, { threadId: 't' });
    const before = (await store.list('t')).map((e) => e.id);
    const update = (s: { v: unknown }) => void (s.v = cyclic());
    await expect(g.resume({ threadId: 't', resume: { 'ask#0': 1 }, update })).rejects.toMatchObject({
      code: 'CHECKPOINT_UNSERIALIZABLE',
      details: { what: 'a reference cycle', at: 'state.v.child.parent' },
    });
    expect((await store.list('t')).map((e) => e.id)).toEqual(before);
    const res = await g.resume({ threadId: 't', resume: { 'ask#0': 1 } });
    expect([res.status, res.output]).toEqual(['done', 2]);
  });

  it('-0 comes back as -0 (it is not refused), in the state, in a patch and in a node input', async () => {
    const store = new MemoryStore();
    const g = graph<number, number, { zero: number; list: number[] }>({ name: 'zeros', state: () => ({ zero: -0, list: [] }) })
      .addNode('a', (n: number, ctx) => (ctx.append(['list'], -0), -n))
      .addNode('b', (n: number) => n + interrupt<number>('go?'))
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', END)
      .compile({ store, snapshotEvery: 100 });
    await g.run(0, { threadId: 't' });
    const view = await g.getState('t');
    expect(Object.is(view.state.zero, -0)).toBe(true);
    expect(Object.is(view.state.list[0], -0)).toBe(true);
    expect(Object.is(view.frontier[0]!.input, -0)).toBe(true);
  });
});
