import type { Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import { channel, END, graph, START } from '../index.ts';
import { planOf } from '../runtime/compiled-graph.ts';
import { advance, type Barrier, type DoneOutcome } from './advance.ts';
import type { Cursor } from './cursor.ts';
import { freshCursor } from './fresh-cursor.ts';

const progress = channel<number>('test.progress');
const done = (output: unknown, patches: Patch[] = []): DoneOutcome => ({ kind: 'done', output, patches, view: undefined });

/** What a cursor holds, by value: what advance must leave as it was. */
function snapshot(c: Cursor) {
  return {
    step: c.step,
    state: c.state,
    frontier: c.frontier.map((t) => [t.node.name, t.input]),
    joins: [...c.joins].map(([n, b]) => [n.name, [...b.delivered], [...b.skipped]]),
    skips: [...c.skips].map(([n, s]) => [n.name, [...s]]),
    pending: [...c.pending],
    ended: c.ended,
    output: c.output,
  };
}

/** START feeds `a` and `b`; `a` routes to the join `j` (or END), `b` feeds `j` on the next step. */
function joinGraph(route: (out: number, at: { emit: (c: typeof progress, d: number) => void }) => string) {
  const compiled = graph({ name: 'advance-test', state: () => ({ n: 0 }) })
    .addNode('a', (x: number) => x + 1)
    .addNode('b', (x: number) => x * 10)
    .addNode('c', (x: number) => x)
    .addNode('j', (x: unknown) => x, { trigger: 'all' })
    .addEdge(START, 'a')
    .addEdge(START, 'b')
    .addEdge('b', 'c')
    .addEdge('c', 'j')
    .addBranch('a', (out: number, _s, at) => route(out, at) as 'j' | typeof END, ['j', END])
    .addEdge('j', END)
    .compile();
  return planOf(compiled);
}

async function settled(b: Barrier | Promise<Barrier>): Promise<Barrier> {
  return b;
}

describe('advance: the barrier as a transition', () => {
  it('applies the updates and routes into a new cursor; the cursor given is unchanged', async () => {
    const plan = joinGraph((_out, at) => (at.emit(progress, 1), 'j'));
    const cursor = await freshCursor(plan, 1, { n: 0 });
    const before = snapshot(cursor);
    const barrier = await settled(advance(plan, cursor, cursor.frontier, [done(2, [{ op: 'replace', path: ['n'], value: 5 }]), done(10)]));
    expect(snapshot(cursor)).toEqual(before);
    expect(barrier.kind).toBe('advanced');
    if (barrier.kind !== 'advanced') return;
    expect(barrier.patches).toEqual([{ op: 'replace', path: ['n'], value: 5 }]);
    expect(barrier.published).toEqual([{ node: 'a', key: undefined, channel: 'test.progress', data: 1 }]);
    expect(snapshot(barrier.next)).toEqual({
      step: 0,
      state: { n: 5 },
      frontier: [['c', 10]],
      joins: [['j', [['a', 2]], []]],
      skips: [],
      pending: [],
      ended: false,
      output: undefined,
    });
  });

  it('a branch target it did not declare makes the step undeliverable: nothing of the barrier reaches the cursor', async () => {
    const plan = joinGraph((out, at) => (at.emit(progress, out), 'nowhere'));
    const cursor = await freshCursor(plan, 1, { n: 0 });
    // A join already holding a delivery, so a copy that leaked back would show.
    cursor.joins.set(plan.byName.get('j')!, { delivered: new Map([['c', 'early']]), skipped: new Set() });
    const before = snapshot(cursor);
    const barrier = await settled(advance(plan, cursor, cursor.frontier, [done(2, [{ op: 'replace', path: ['n'], value: 5 }]), done(10)]));
    expect(barrier.kind).toBe('undeliverable');
    if (barrier.kind !== 'undeliverable') return;
    expect(barrier.error.code).toBe('BRANCH_TARGET_INVALID');
    expect(barrier.error.message).toBe(
      'branch of node "a" returned "nowhere", which is not among its declared targets (j, __end__); add it to addBranch\'s targets',
    );
    expect(barrier.published).toEqual([{ node: 'a', key: undefined, channel: 'test.progress', data: 2 }]);
    expect(snapshot(cursor)).toEqual(before);
  });

  it('throws when the updates conflict, before routing anything', async () => {
    const plan = joinGraph(() => 'j');
    const cursor = await freshCursor(plan, 1, { n: 0 });
    const before = snapshot(cursor);
    const write = (value: number): Patch[] => [{ op: 'replace', path: ['n'], value }];
    expect(() => advance(plan, cursor, cursor.frontier, [done(2, write(1)), done(10, write(2))])).toThrow(
      expect.objectContaining({ code: 'STATE_CONFLICT' }),
    );
    expect(snapshot(cursor)).toEqual(before);
  });
});
