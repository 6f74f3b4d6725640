import { describe, expect, it } from 'vitest';
import { END, START, graph, MemoryStore } from '../index.ts';

/** a → b → END; `a` stores what `value()` gives in the state, `b` passes on what it gets. */
const build = (store: MemoryStore, value: () => unknown, output: (n: number) => unknown = (n) => n) =>
  graph<number, unknown, { v: unknown; log: number[] }>({ name: 'odd', state: () => ({ v: null, log: [] }) })
    .addNode('a', (n: number, ctx) => (ctx.append(['log'], n), ctx.set(['v'], value()), output(n)))
    .addNode('b', (x: unknown) => x)
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', END)
    .compile({ store });

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
});
