import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, isGraphInterrupt, MemoryStore, decodeCheckpoint } from '../index.ts';
import { collect, trace } from '../../test/support/collect.ts';

/** Two branches in parallel that each ask a question, a third that just works, and a join. */
function approvals(store: MemoryStore, calls: string[]) {
  return graph<string, unknown, string[]>({ name: 'approvals', state: () => [] })
    .addNode('askA', (x: string, ctx) => {
      calls.push('askA');
      const a = interrupt<string>({ q: `A for ${x}?` });
      ctx.update((s) => void s.push(`A=${a}`));
      return a;
    })
    .addNode('askB', (_: string, ctx) => {
      calls.push('askB');
      const b1 = interrupt<string>('B first?');
      const b2 = interrupt<string>('B second?');
      ctx.update((s) => void s.push(`B=${b1}${b2}`));
      return b1 + b2;
    })
    .addNode('work', (x: string, ctx) => (calls.push('work'), ctx.update((s) => void s.push('work')), x.length))
    .addNode('join', (inp: unknown) => inp, { trigger: 'all' })
    .addEdge(START, 'askA')
    .addEdge(START, 'askB')
    .addEdge(START, 'work')
    .addEdge('askA', 'join')
    .addEdge('askB', 'join')
    .addEdge('work', 'join')
    .addEdge('join', END)
    .compile({ store });
}

describe('interrupt and resume', () => {
  it('stops the nodes that interrupt, lets the step’s others finish, and reports every interrupt with a stable id', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = approvals(store, calls);
    const { result, events } = await collect(g.run('req', { threadId: 't' }));
    expect(result).toMatchObject({ status: 'interrupted', state: [], output: undefined });
    expect(result.interrupts).toEqual([
      { id: 'askA#0', address: 'askA', path: ['askA'], info: { q: 'A for req?' } },
      { id: 'askB#0', address: 'askB', path: ['askB'], info: 'B first?' },
    ]);
    expect(trace(events).slice(-4)).toEqual([
      '1 node.end work',
      '1 checkpoint.write',
      '1 interrupt askA#0,askB#0',
      '1 run.end interrupted',
    ]);
    expect(result.checkpointId).toBe((await store.get('t'))!.id);
    expect(calls.sort()).toEqual(['askA', 'askB', 'work']);
  });

  it('resumes only targeted interrupts; the rest stay pending; finished nodes never run twice', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = approvals(store, calls);
    await g.run('req', { threadId: 't' });
    calls.length = 0;

    const r1 = await collect(g.resume({ threadId: 't', resume: { 'askB#0': 'x' } }));
    expect(r1.result.interrupts.map((i) => [i.id, i.info])).toEqual([
      ['askA#0', { q: 'A for req?' }],
      ['askB#1', 'B second?'],
    ]);
    expect(calls).toEqual(['askB']);
    expect(trace(r1.events)[0]).toBe('0 run.start');
    expect(r1.events[0]).toMatchObject({ type: 'run.start', resumedFrom: expect.any(String) });
    expect(r1.events.filter((e) => e.type === 'node.start').map((e) => (e as { node: string }).node)).toEqual(['askB']);

    const r2 = await g.resume({ threadId: 't', resume: { 'askA#0': 'yes', 'askB#1': 'y' } });
    expect(r2).toMatchObject({ status: 'done', output: { askA: 'yes', askB: 'xy', work: 3 }, interrupts: [] });
    expect(r2.state).toEqual(['A=yes', 'B=xy', 'work']);
    expect(calls).toEqual(['askB', 'askA', 'askB']);
  });

  it('a fresh compile of the same graph resumes from the store (a new process)', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    await approvals(store, calls).run('req', { threadId: 't' });
    const other = approvals(store, calls);
    const res = await other.resume({ threadId: 't', resume: { 'askA#0': 'a', 'askB#0': 'b' } });
    expect(res.interrupts.map((i) => i.id)).toEqual(['askB#1']);
    expect((await other.resume({ threadId: 't', resume: { 'askB#1': 'c' } })).output).toEqual({ askA: 'a', askB: 'bc', work: 3 });
  });

  it('an interrupt inside a subgraph resumes inside it, at that node', async () => {
    const calls: string[] = [];
    const inner = graph<number, number, { log: string[] }>({ name: 'inner', state: () => ({ log: [] }) })
      .addNode('prep', (n: number, ctx) => (calls.push('prep'), ctx.update((s) => void s.log.push('prep')), n + 1))
      .addNode(
        'approve',
        (n: number, ctx) => (calls.push('approve'), ctx.update((s) => void s.log.push('approve')), n * interrupt<number>({ n })),
      )
      .addEdge(START, 'prep')
      .addEdge('prep', 'approve')
      .addEdge('approve', END)
      .compile();
    const store = new MemoryStore();
    const outer = graph<number, number, { outer: number }>({ name: 'outer', state: () => ({ outer: 0 }) })
      .addNode('before', (n: number) => (calls.push('before'), n))
      .addNode('sub', inner)
      .addNode('after', (n: number, ctx) => (calls.push('after'), ctx.update((s) => void (s.outer = n)), n))
      .addEdge(START, 'before')
      .addEdge('before', 'sub')
      .addEdge('sub', 'after')
      .addEdge('after', END)
      .compile({ store });
    const { result, events } = await collect(outer.run(1, { threadId: 't' }));
    expect(result.interrupts).toEqual([{ id: 'sub/approve#0', address: 'sub/approve', path: ['sub', 'approve'], info: { n: 2 } }]);
    expect(trace(events.filter((e) => e.path.length > 0))).toEqual([
      '0 run.start sub',
      '1 step.start sub:[prep]',
      '1 node.start sub:prep',
      '1 node.end sub:prep',
      '1 state.patch sub',
      '1 step.end sub:[prep]',
      '2 step.start sub:[approve]',
      '2 node.start sub:approve',
      '2 interrupt sub/approve#0',
      '2 run.end sub:interrupted',
    ]);
    const res = await outer.resume({ threadId: 't', resume: { 'sub/approve#0': 10 } });
    expect(res).toMatchObject({ status: 'done', output: 20, state: { outer: 20 } });
    expect(calls).toEqual(['before', 'prep', 'approve', 'approve', 'after']);
  });

  it('interrupt() outside a node is a typed error; isGraphInterrupt identifies the control-flow throw', async () => {
    expect(() => interrupt('x')).toThrow(expect.objectContaining({ code: 'INTERRUPT_OUTSIDE_NODE' }));
    let caught: unknown;
    const g = graph({ name: 'catcher' })
      .addNode('n', () => {
        try {
          interrupt('q');
        } catch (err) {
          caught = err;
          throw err;
        }
      })
      .addEdge(START, 'n')
      .addEdge('n', END)
      .compile();
    expect((await g.run(0)).status).toBe('interrupted');
    expect(isGraphInterrupt(caught)).toBe(true);
  });

  it('without a store a run still interrupts, and resuming says a store is needed', async () => {
    const g = graph({ name: 'nostore' })
      .addNode('n', () => interrupt('q'))
      .addEdge(START, 'n')
      .addEdge('n', END)
      .compile();
    expect(await g.run(0)).toMatchObject({ status: 'interrupted', checkpointId: undefined, threadId: undefined });
    await expect(g.resume({ threadId: 'x', resume: {} })).rejects.toMatchObject({ code: 'STORE_REQUIRED' });
  });
});

describe('an interrupt that was answered', () => {
  it('is no longer pending once its node finished, so a second value for it is an unknown interrupt', async () => {
    const store = new MemoryStore();
    const g = graph<number, unknown>({ name: 'two' })
      .addNode('a', () => interrupt<string>('a?'))
      .addNode('b', () => interrupt<string>('b?'))
      .addNode('join', (x: unknown) => x, { trigger: 'all' })
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addEdge('a', 'join')
      .addEdge('b', 'join')
      .addEdge('join', END)
      .compile({ store });
    await g.run(0, { threadId: 't' });
    const partly = await g.resume({ threadId: 't', resume: { 'b#0': 'B' } });
    expect(partly.interrupts.map((i) => i.id)).toEqual(['a#0']);
    expect((await g.getState('t')).interrupts.map((i) => i.id)).toEqual(['a#0']);
    const answeredAt = (await g.history('t').next()).value!;
    await expect(g.resume({ threadId: 't', resume: { 'b#0': 'again' } })).rejects.toMatchObject({
      code: 'INTERRUPT_ALREADY_ANSWERED',
      details: { answered: ['b#0'], checkpointId: expect.any(String), interrupted: expect.any(String) },
    });
    // A never-seen id next to it is unknown: the refusal names the ids that do not exist.
    await expect(g.resume({ threadId: 't', resume: { 'b#0': 'again', 'zz#0': 1 } })).rejects.toMatchObject({
      code: 'UNKNOWN_INTERRUPT',
      details: { unknown: ['b#0', 'zz#0'], pending: ['a#0'] },
    });
    expect((await g.history('t').next()).value!.id).toBe(answeredAt.id);
    expect((await g.resume({ threadId: 't', resume: { 'a#0': 'A' } })).output).toEqual({ a: 'A', b: 'B' });
  });

  it('stays answered when its node fails afterwards: resuming the failure re-runs the node with the same answers, without asking again', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    let broken = true;
    const g = graph<string, string>({ name: 'flaky' })
      .addNode('ask', (x: string) => {
        const first = interrupt<string>('first?');
        const second = interrupt<string>('second?');
        calls.push(`${first}/${second}`);
        if (broken) throw new Error('payment service down');
        return `${x}:${first}/${second}`;
      })
      .addEdge(START, 'ask')
      .addEdge('ask', END)
      .compile({ store });
    await g.run('order', { threadId: 't' });
    await g.resume({ threadId: 't', resume: { 'ask#0': 'A' } });
    const failed = await g.resume({ threadId: 't', resume: { 'ask#1': 'B' } });
    expect(failed).toMatchObject({ status: 'error', interrupts: [] });
    const head = decodeCheckpoint((await store.get('t'))!.bytes, 'head');
    expect(head).toMatchObject({ status: 'error', frontier: [{ node: 'ask', input: 'order', resume: ['A', 'B'] }], interrupts: [] });
    broken = false;
    const done = await g.resume({ threadId: 't' });
    expect(done).toMatchObject({ status: 'done', output: 'order:A/B' });
    expect(calls).toEqual(['A/B', 'A/B']);
  });
});
