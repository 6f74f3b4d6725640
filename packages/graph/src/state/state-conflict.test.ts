import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, MemoryStore, type NodeContext } from '../index.ts';

interface S {
  total: number;
  title: string;
  tags: string[];
  meta: { owner: string; stage: string };
}
const initial = (): S => ({ total: 0, title: 'draft', tags: ['x'], meta: { owner: 'ann', stage: 'new' } });
type Write = (ctx: NodeContext<S>) => void;

/** Two nodes of one step (`left`, `right`), each making its writes, then `done` (a join). */
function twoWriters(
  left: Write,
  right: Write,
  options: { reducers?: Parameters<typeof graph<number, unknown, S>>[0]['reducers']; store?: MemoryStore } = {},
) {
  return graph<number, unknown, S>({ name: 'two', state: initial, ...(options.reducers ? { reducers: options.reducers } : {}) })
    .addNode('left', (n: number, ctx) => (left(ctx), n))
    .addNode('right', (n: number, ctx) => (right(ctx), n))
    .addNode('done', (x: unknown) => x, { trigger: 'all' })
    .addEdge(START, 'left')
    .addEdge(START, 'right')
    .addEdge('left', 'done')
    .addEdge('right', 'done')
    .addEdge('done', END)
    .compile(options.store ? { store: options.store } : {});
}

const conflictOf = async (left: Write, right: Write) => {
  const res = await twoWriters(left, right).run(1);
  return res.status === 'error' ? { code: res.error!.code, details: res.error!.details } : res.state;
};

describe('no update is lost silently', () => {
  it('two writes of one place, or a write into a container another node replaced, fail the step with STATE_CONFLICT naming both nodes and the path', async () => {
    expect(
      await conflictOf(
        (c) => c.update((s) => void (s.title = 'A')),
        (c) => c.set(['title'], 'B'),
      ),
    ).toEqual({
      code: 'STATE_CONFLICT',
      details: { nodes: ['left', 'right'], path: ['title'] },
    });
    expect(
      await conflictOf(
        (c) => c.set(['meta'], { owner: 'bo', stage: 'new' }),
        (c) => c.set(['meta', 'stage'], 'done'),
      ),
    ).toEqual({
      code: 'STATE_CONFLICT',
      details: { nodes: ['left', 'right'], path: ['meta'] },
    });
    expect(
      await conflictOf(
        (c) => c.set(['meta', 'stage'], 'done'),
        (c) => c.set(['meta'], { owner: 'bo', stage: 'new' }),
      ),
    ).toEqual({
      code: 'STATE_CONFLICT',
      details: { nodes: ['left', 'right'], path: ['meta'] },
    });
    expect(
      await conflictOf(
        (c) => c.append(['tags'], 'a'),
        (c) => c.update((s) => void (s.tags = [])),
      ),
    ).toEqual({
      code: 'STATE_CONFLICT',
      details: { nodes: ['left', 'right'], path: ['tags'] },
    });
    // Removing an item shifts the ones after it: a change of the whole list, which an append by another node would miss.
    expect(
      await conflictOf(
        (c) => c.update((s) => void s.tags.splice(0, 1)),
        (c) => c.append(['tags'], 'last'),
      ),
    ).toMatchObject({
      code: 'STATE_CONFLICT',
      details: { path: ['tags'] },
    });
    expect(
      await conflictOf(
        (c) => c.update((s) => void (s.total += 1)),
        (c) => c.update((s) => void (s.total += 2)),
      ),
    ).toMatchObject({
      code: 'STATE_CONFLICT',
      details: { path: ['total'] },
    });
  });

  it('an insert into the middle of a list (recorded by immer as changed items plus an append) and another node’s append conflict, in either order', async () => {
    // Merged, the shifted item would land after the other node's: ['first', 'last', 'x'] instead of ['first', 'x', 'last'].
    const unshift: Write = (c) => c.update((s) => void s.tags.unshift('first'));
    const append: Write = (c) => c.append(['tags'], 'last');
    const expected = (nodes: string[]) => ({ code: 'STATE_CONFLICT', details: { nodes, path: ['tags'] } });
    expect(await conflictOf(append, unshift)).toEqual(expected(['left', 'right']));
    expect(await conflictOf(unshift, append)).toEqual(expected(['left', 'right']));
    // Changing an item and appending, in one node, is recorded the same way: the same conflict.
    expect(await conflictOf(append, (c) => (c.update((s) => void (s.tags[0] = 'X')), c.append(['tags'], 'r1')))).toEqual(
      expected(['left', 'right']),
    );
  });

  it('writes that commute all apply: appends to one list (in node order), different keys, an element next to an append', async () => {
    expect(
      await conflictOf(
        (c) => (c.append(['tags'], 'l1'), c.set(['meta', 'owner'], 'lee')),
        (c) => (c.update((s) => void s.tags.push('r1', 'r2')), c.set(['meta', 'stage'], 'done'), c.set(['title'], 'final')),
      ),
    ).toEqual({ total: 0, title: 'final', tags: ['x', 'l1', 'r1', 'r2'], meta: { owner: 'lee', stage: 'done' } });
    expect(
      await conflictOf(
        (c) => c.update((s) => void (s.tags[0] = 'X')),
        (c) => c.update((s) => void s.tags.push('r1', 'r2')),
      ),
    ).toMatchObject({ tags: ['X', 'r1', 'r2'] });
  });

  it('a reducer combines the writes to its path in node order; the step records one patch with the result', async () => {
    const g = twoWriters(
      (c) => c.update((s) => void (s.total += 5)),
      (c) => (c.update((s) => void (s.total += 2)), c.set(['meta', 'stage'], 'sum')),
      { reducers: { total: (current, mine, base) => current + (mine - base), 'meta.stage': (current, mine) => `${current}+${mine}` } },
    );
    const run = g.run(1);
    const patches: unknown[] = [];
    run.subscribe((e) => e.type === 'state.patch' && patches.push(...e.patches));
    const res = await run;
    expect(res.state).toEqual({ total: 7, title: 'draft', tags: ['x'], meta: { owner: 'ann', stage: 'sum' } });
    // One writer of meta.stage: its own patch; two of total: the reducer's result.
    expect(patches).toEqual([
      { op: 'replace', path: ['meta', 'stage'], value: 'sum' },
      { op: 'replace', path: ['total'], value: 7 },
    ]);
  });

  it('a reducer that throws fails the step with REDUCER_FAILED; bad and nested reducer paths are refused at graph()', async () => {
    const res = await twoWriters(
      (c) => c.set(['total'], 1),
      (c) => c.set(['total'], 2),
      {
        reducers: {
          total: () => {
            throw new Error('no');
          },
        },
      },
    ).run(1);
    expect(res.error).toMatchObject({ code: 'REDUCER_FAILED', details: { path: ['total'], node: 'left' } });
    expect(() => graph<number, number, S>({ name: 'x', state: initial, reducers: { meta: (c) => c, 'meta.stage': (c) => c } })).toThrow(
      /nest/,
    );
    expect(() => graph<number, number, S>({ name: 'x', state: initial, reducers: { total: 1 as never } })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => graph<number, number, S>({ name: 'x', state: initial, reducers: { ['a..b' as 'total']: (c) => c } })).toThrow(/empty key/);
  });

  it('a reducer path the initial state does not hold is refused at graph() with INVALID_ARGUMENT naming the path', () => {
    // Past the types (a path built at run time, a cast, JavaScript): the initial state decides.
    const refused = (reducers: Record<string, unknown>, state: (() => unknown) | 'none' = initial) => {
      try {
        graph<number, number, unknown>({ name: 'x', ...(state === 'none' ? {} : { state }), reducers: reducers as never });
        return 'accepted';
      } catch (err) {
        return [(err as { code: string }).code, (err as Error).message, (err as { details: unknown }).details];
      }
    };
    const sum = (c: number, m: number, b: number) => c + (m - b);
    expect(refused({ 'meta.nope': sum })).toEqual([
      'INVALID_ARGUMENT',
      'graph "x": reducer path "meta.nope" is not in the state: state.meta has no key "nope" (keys: owner, stage); declare it in state() (undefined will do for an optional key)',
      { path: 'meta.nope' },
    ]);
    expect(refused({ 'total.digits': sum })).toEqual([
      'INVALID_ARGUMENT',
      'graph "x": reducer path "total.digits" is not in the state: state.total is not an object with keys; declare it in state() (undefined will do for an optional key)',
      { path: 'total.digits' },
    ]);
    expect(refused({ nope: sum })).toEqual([
      'INVALID_ARGUMENT',
      'graph "x": reducer path "nope" is not in the state: the initial state has no key "nope" (keys: total, title, tags, meta); declare it in state() (undefined will do for an optional key)',
      { path: 'nope' },
    ]);
    expect(refused({ total: sum }, 'none')).toEqual([
      'INVALID_ARGUMENT',
      'graph "x": reducer path "total" is not in the state: the graph has no state (graph({ state })); declare it in state() (undefined will do for an optional key)',
      { path: 'total' },
    ]);
    expect(refused({ total: sum, 'meta.stage': sum })).toBe('accepted');
  });

  it('a conflict writes no checkpoint: the thread stays at its last one, and the same graph with a reducer resumes it', async () => {
    const store = new MemoryStore();
    const add =
      (n: number): Write =>
      (c) =>
        c.update((s) => void (s.total += n));
    const failed = await twoWriters(add(3), add(4), { store }).run(1, { threadId: 't' });
    expect(failed.error).toMatchObject({ code: 'STATE_CONFLICT' });
    const entries = await store.list('t');
    expect(entries.map((e) => [e.seq, e.status])).toEqual([[1, 'running']]);
    const fixed = twoWriters(add(3), add(4), { store, reducers: { total: (current, mine, base) => current + (mine - base) } });
    expect(fixed.hash).toBe(twoWriters(add(3), add(4)).hash);
    expect((await fixed.resume({ threadId: 't' })).state.total).toBe(7);
  });

  it('a finished sibling’s pending writes meet a resumed node’s: the same conflict, or the same combination, as in one go', async () => {
    const asking: Write = (c) => (interrupt('go?'), c.update((s) => void (s.total += 4)));
    const plain: Write = (c) => c.update((s) => void (s.total += 3));
    const store = new MemoryStore();
    await twoWriters(plain, asking, { store }).run(1, { threadId: 'c' });
    const resumed = await twoWriters(plain, asking, { store }).resume({ threadId: 'c', resume: { 'right#0': 'yes' } });
    expect(resumed.error).toMatchObject({ code: 'STATE_CONFLICT', details: { nodes: ['left', 'right'], path: ['total'] } });
    const reducers = { total: (current: number, mine: number, base: number) => current + (mine - base) };
    await twoWriters(plain, asking, { store, reducers }).run(1, { threadId: 'r' });
    expect((await twoWriters(plain, asking, { store, reducers }).resume({ threadId: 'r', resume: { 'right#0': 'yes' } })).state.total).toBe(
      7,
    );
  });
});
