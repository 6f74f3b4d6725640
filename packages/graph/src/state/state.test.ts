import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, MemoryStore } from '../index.ts';
import { collect, deferred } from '../../test/support/collect.ts';

interface Log {
  items: string[];
  last?: string;
  count: number;
}

describe('graph-local state', () => {
  it('applies a step’s updates at the barrier in node order, whatever order the nodes finish in', async () => {
    const late = deferred();
    // Both nodes set `last`: the reducer says how (here: the later node, in node order, wins).
    const g = graph<number, unknown, Log>({
      name: 'order',
      // A reducer's path must be in the initial state, so the optional `last` starts there as undefined.
      state: () => ({ items: [], last: undefined, count: 0 }),
      reducers: { last: (_current, mine) => mine },
    })
      .addNode('first', async (_: number, ctx) => {
        await late.promise;
        ctx.update((s) => void s.items.push('first-1', 'first-2'));
        ctx.update((s) => void (s.last = 'first'));
        return 1;
      })
      .addNode('second', (_: number, ctx) => {
        ctx.update((s) => {
          s.items.push('second');
          s.last = 'second';
          s.count += 1;
        });
        late.resolve();
        return 2;
      })
      .addNode('join', (x: unknown, ctx) => ({ x, seen: ctx.state }), { trigger: 'all' })
      .addEdge(START, 'first')
      .addEdge(START, 'second')
      .addEdge('first', 'join')
      .addEdge('second', 'join')
      .addEdge('join', END)
      .compile();
    const { result, events } = await collect(g.run(0));
    const expected = { items: ['first-1', 'first-2', 'second'], last: 'second', count: 1 };
    expect(result.state).toEqual(expected);
    expect(result.output).toEqual({ x: { first: 1, second: 2 }, seen: expected });
    const patches = events.filter((e) => e.type === 'state.patch');
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({
      step: 1,
      patches: [
        { op: 'add', path: ['items', 0], value: 'first-1' },
        { op: 'add', path: ['items', 1], value: 'first-2' },
        { op: 'add', path: ['items', 2], value: 'second' },
        { op: 'replace', path: ['count'], value: 1 },
        { op: 'add', path: ['last'], value: 'second' },
      ],
    });
  });

  it('a node sees the step’s starting state plus its own updates, never a sibling’s', async () => {
    const views: unknown[] = [];
    const g = graph<number, unknown, Log>({ name: 'views', state: () => ({ items: ['x'], count: 0 }) })
      .addNode('a', (_: number, ctx) => {
        ctx.update((s) => void s.items.push('a'));
        views.push(['a', [...ctx.state.items]]);
        return 1;
      })
      .addNode('b', async (_: number, ctx) => {
        await new Promise((r) => setImmediate(r));
        views.push(['b', [...ctx.state.items]]);
        return 2;
      })
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addEdge('a', END)
      .addEdge('b', END)
      .compile();
    await g.run(0);
    expect(views).toEqual([
      ['a', ['x', 'a']],
      ['b', ['x']],
    ]);
  });

  it('pre and post handlers change the input, the output and the state (Eino’s state handlers)', async () => {
    const g = graph<number, string, Log>({ name: 'handlers', state: () => ({ items: [], count: 0 }) })
      .addNode('n', (x: number, ctx) => `${x}:${ctx.state.count}`, {
        pre: (x, s) => {
          s.items.push(`pre ${x}`);
          s.count = 10;
          return x * 2;
        },
        post: (out, s) => {
          s.items.push(`post ${out}`);
          return `${out}!`;
        },
      })
      .addEdge(START, 'n')
      .addEdge('n', END)
      .compile();
    expect(await g.run(4)).toMatchObject({ output: '8:10!', state: { items: ['pre 4', 'post 8:10'], count: 10 } });
  });

  it('a state that is a plain value can be replaced by returning from the recipe', async () => {
    const g = graph<number, number, number>({ name: 'scalar', state: () => 0 })
      .addNode('add', (x: number, ctx) => (ctx.update((s) => s + x), x))
      .addEdge(START, 'add')
      .addEdge('add', END)
      .compile();
    expect((await g.run(5)).state).toBe(5);
  });

  it('state built from delta checkpoints equals the state at each step', async () => {
    const store = new MemoryStore();
    const g = graph<number, number, Log>({ name: 'deltas', state: () => ({ items: [], count: 0 }) })
      .addNode('inc', (n: number, ctx) => (ctx.update((s) => void (s.items.push(`i${n}`), (s.count = n))), n + 1))
      .addEdge(START, 'inc')
      .addBranch('inc', (n) => (n < 12 ? 'inc' : END), ['inc', END])
      .compile({ store, snapshotEvery: 4, maxSteps: 50 });
    await g.run(0, { threadId: 't' });
    const seen: [number, number, boolean][] = [];
    for await (const cp of g.history('t')) {
      expect(cp.state.items).toEqual(Array.from({ length: cp.step }, (_, i) => `i${i}`));
      seen.push([
        cp.seq,
        cp.step,
        'full' in (await import('../index.ts')).decodeCheckpoint((await store.get('t', cp.id))!.bytes, '').state,
      ]);
    }
    expect(seen.map(([seq]) => seq)).toEqual(Array.from({ length: 13 }, (_, i) => 13 - i));
    const fulls = seen.filter(([, , full]) => full).map(([seq]) => seq);
    expect(fulls).toContain(1);
    expect(fulls.length).toBeLessThan(seen.length);
    expect(Math.max(...fulls.map((s, i) => (fulls[i - 1] ?? 0) - s))).toBeLessThanOrEqual(4);
  });
});

describe('state is immutable outside recipes', () => {
  it('writing to ctx.state directly throws, for the initial state and for state loaded from a checkpoint', async () => {
    const store = new MemoryStore();
    const build = () =>
      graph<number, number, { n: number; gate: boolean }>({ name: 'frozen', state: () => ({ n: 0, gate: true }) })
        .addNode('a', (x: number, ctx) => {
          (ctx.state as { n: number }).n = 42;
          return x;
        })
        .addEdge(START, 'a')
        .addEdge('a', END)
        .compile({ store });
    const res = await build().run(1, { threadId: 't' });
    expect(res.status).toBe('error');
    expect(res.error).toMatchObject({ code: 'NODE_FAILED' });
    expect(String((res.error!.cause as Error).message)).toMatch(/read only|read-only|not extensible|Cannot assign/);
    expect((await build().getState('t')).state).toEqual({ n: 0, gate: true });
    const again = await build().resume({ threadId: 't' });
    expect([again.status, (again.error!.cause as Error) instanceof TypeError]).toEqual(['error', true]);
  });

  it('nested state is frozen too: the initial state, and the state a resume rebuilds from a snapshot and deltas', async () => {
    type S = { log: { n: number; tags: string[] }[]; meta: { seeds: number[] } };
    const frozenAllTheWay = (s: S) =>
      [s, s.log, s.meta, s.meta.seeds, ...s.log, ...s.log.map((e) => e.tags)].every((c) => Object.isFrozen(c));
    const store = new MemoryStore();
    const seen: boolean[] = [];
    const build = () =>
      graph<number, number, S>({ name: 'deep', state: () => ({ log: [], meta: { seeds: [1, 2] } }) })
        .addNode('step', (n: number, ctx) => (seen.push(frozenAllTheWay(ctx.state)), ctx.append(['log'], { n, tags: [`t${n}`] }), n + 1))
        .addNode('check', (n: number, ctx) => (interrupt('go on?'), seen.push(frozenAllTheWay(ctx.state)), n))
        .addEdge(START, 'step')
        .addBranch('step', (n) => (n < 5 ? 'step' : 'check'), ['step', 'check'])
        .addEdge('check', END)
        .compile({ store, snapshotEvery: 1000 });
    const paused = await build().run(0, { threadId: 't' });
    const done = await build().resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: true } });
    expect([paused.status, done.status, done.output]).toEqual(['interrupted', 'done', 5]);
    expect(seen).toEqual([true, true, true, true, true, true]);
  });
});
