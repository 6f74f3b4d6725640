import { describe, expect, it } from 'vitest';
import { END, START, graph, MemoryStore } from '../index.ts';
import { collect, deferred, trace } from '../../test/support/collect.ts';

describe('steps and events', () => {
  it('runs a chain one node per step with the full ordered event sequence', async () => {
    const g = graph<number, number>({ name: 'chain' })
      .addNode('a', (n: number) => n + 1)
      .addNode('b', (n: number) => n * 10)
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', END)
      .compile({ store: new MemoryStore() });
    const { result, events } = await collect(g.run(1, { threadId: 't' }));
    expect(result).toMatchObject({ status: 'done', output: 20, steps: 2, threadId: 't', interrupts: [], error: undefined });
    expect(trace(events)).toEqual([
      '0 run.start',
      '0 checkpoint.write',
      '1 step.start [a]',
      '1 node.start a',
      '1 node.end a',
      '1 checkpoint.write',
      '1 step.end [a]',
      '2 step.start [b]',
      '2 node.start b',
      '2 node.end b',
      '2 checkpoint.write',
      '2 step.end [b]',
      '2 run.end done',
    ]);
    const ids = new Set(events.map((e) => e.runId));
    expect(ids).toEqual(new Set([result.runId]));
    expect(events.every((e) => e.threadId === 't' && e.path.length === 0 && typeof e.ts === 'number')).toBe(true);
    expect(events.find((e) => e.type === 'node.end' && e.node === 'a')).toMatchObject({ output: 2 });
  });

  it('runs the ready nodes of a step concurrently and waits for all at the barrier', async () => {
    const gate = deferred();
    const started: string[] = [];
    const g = graph<number, unknown>({ name: 'fan' })
      .addNode('a', async () => (started.push('a'), await gate.promise, 'A'))
      .addNode('b', async () => (started.push('b'), started.length === 2 && gate.resolve(), 'B'))
      .addNode('join', (inp: Record<string, string>) => inp, { trigger: 'all' })
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addEdge('a', 'join')
      .addEdge('b', 'join')
      .addEdge('join', END)
      .compile();
    const { result, events } = await collect(g.run(0));
    expect(result.output).toEqual({ a: 'A', b: 'B' });
    expect(trace(events).slice(0, 7)).toEqual([
      '0 run.start',
      '1 step.start [a,b]',
      '1 node.start a',
      '1 node.start b',
      '1 node.end b',
      '1 node.end a',
      '1 step.end [a,b]',
    ]);
  });

  it('bounds concurrency with maxConcurrency', async () => {
    let live = 0;
    let peak = 0;
    const work = async () => {
      peak = Math.max(peak, ++live);
      await new Promise((r) => setImmediate(r));
      live--;
      return [1];
    };
    // Names built in a loop are plain strings, so the typed builder is widened here.
    const b = graph<number, number[]>({ name: 'wide' }) as unknown as { addNode: Function; addEdge: Function; compile: Function };
    for (const n of ['a', 'b', 'c', 'd', 'e']) b.addNode(n, work).addEdge(START, n).addEdge(n, END);
    const res = await b.compile({ maxConcurrency: 2 }).run(0);
    expect(res.output).toEqual([1, 1, 1, 1, 1]);
    expect(peak).toBe(2);
  });

  it('ends when END receives a value, even with other nodes ready', async () => {
    const ran: string[] = [];
    const g = graph<number, string>({ name: 'race' })
      .addNode('fast', () => (ran.push('fast'), 'done'))
      .addNode('slow1', () => (ran.push('slow1'), 'x'))
      .addNode('slow2', () => (ran.push('slow2'), 'y'))
      .addEdge(START, 'fast')
      .addEdge(START, 'slow1')
      .addEdge('slow1', 'slow2')
      .addEdge('fast', END)
      .addEdge('slow2', END)
      .compile();
    expect((await g.run(0)).output).toBe('done');
    expect(ran).toEqual(['fast', 'slow1']);
  });

  it('stops at maxSteps with a typed error and leaves the last checkpoint resumable', async () => {
    const store = new MemoryStore();
    const g = graph<number, number>({ name: 'count' })
      .addNode('inc', (n: number) => n + 1)
      .addEdge(START, 'inc')
      .addBranch('inc', (n) => (n < 5 ? 'inc' : END), ['inc', END])
      .compile({ store, maxSteps: 3 });
    const { result, events } = await collect(g.run(0, { threadId: 't' }));
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ code: 'MAX_STEPS_EXCEEDED', details: { maxSteps: 3, next: ['inc'] } });
    expect(trace(events).slice(-2)).toEqual(['3 error MAX_STEPS_EXCEEDED', '3 run.end error']);
    const again = await g.resume({ threadId: 't' });
    expect(again).toMatchObject({ status: 'done', output: 5, steps: 2 });
  });

  it('emits custom events from ctx.emit and passes run facts in ctx', async () => {
    const seen: unknown[] = [];
    const g = graph<number, number>({ name: 'ctx' })
      .addNode('a', (n: number, ctx) => {
        ctx.emit({ progress: 0.5 });
        seen.push([ctx.node, ctx.path, ctx.step, ctx.attempt, ctx.threadId, ctx.context, ctx.signal.aborted]);
        return n;
      })
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    const { events } = await collect(g.run(1, { context: { user: 'u1' } }));
    expect(events.find((e) => e.type === 'node.custom')).toMatchObject({ node: 'a', data: { progress: 0.5 }, step: 1 });
    expect(seen).toEqual([['a', ['a'], 1, 1, undefined, { user: 'u1' }, false]]);
  });
});

describe('branches, joins and skips', () => {
  const joinGraph = (pick: 'left' | 'right' | 'both' | 'none') =>
    graph<number, unknown>({ name: 'diamond' })
      .addNode('route', (n: number) => n)
      .addNode('left', (n: number) => `L${n}`)
      .addNode('right', (n: number) => `R${n}`)
      .addNode('after', (s: string) => `${s}!`)
      .addNode('side', (n: number) => `S${n}`)
      .addNode('join', (inp: Record<string, string>) => inp, { trigger: 'all' })
      .addNode('tail', (inp: Record<string, string> | undefined) => inp ?? 'skipped-all')
      .addEdge(START, 'route')
      .addEdge(START, 'side')
      .addBranch('route', () => (pick === 'both' ? ['left', 'right'] : pick === 'none' ? [] : pick), ['left', 'right'])
      .addEdge('left', 'after')
      .addEdge('right', 'join')
      .addEdge('after', 'join')
      .addEdge('side', 'join')
      .addEdge('join', 'tail')
      .addEdge('tail', END)
      .compile();

  it('a join receives outputs keyed by predecessor once every predecessor delivered', async () => {
    const { result, events } = await collect(joinGraph('both').run(1));
    expect(result.output).toEqual({ right: 'R1', after: 'L1!', side: 'S1' });
    expect(events.filter((e) => e.type === 'step.start').map((e) => (e as { nodes: string[] }).nodes)).toEqual([
      ['route', 'side'],
      ['left', 'right'],
      ['after'],
      ['join'],
      ['tail'],
    ]);
  });

  it('a branch not taken skips its target and the skip cascades into the join', async () => {
    expect((await joinGraph('right').run(2)).output).toEqual({ right: 'R2', side: 'S2' });
    expect((await joinGraph('left').run(3)).output).toEqual({ after: 'L3!', side: 'S3' });
    expect((await joinGraph('none').run(4)).output).toEqual({ side: 'S4' });
  });

  it('a join whose predecessors were all skipped is skipped too', async () => {
    const ran: string[] = [];
    const g = graph<number, string>({ name: 'allskip' })
      .addNode('r', (n: number) => n)
      .addNode('x', () => (ran.push('x'), 1))
      .addNode('y', () => (ran.push('y'), 2))
      .addNode('j', () => (ran.push('j'), 'joined'), { trigger: 'all' })
      .addNode('other', () => 'other')
      .addEdge(START, 'r')
      .addBranch('r', () => 'other', ['x', 'y', 'other'])
      .addEdge('x', 'j')
      .addEdge('y', 'j')
      .addEdge('j', END)
      .addEdge('other', END)
      .compile();
    expect((await g.run(0)).output).toBe('other');
    expect(ran).toEqual([]);
  });

  it('a branch returning an undeclared target is a typed error', async () => {
    const g = graph<number, number>({ name: 'bad' })
      .addNode('a', (n: number) => n)
      .addNode('b', (n: number) => n)
      .addEdge(START, 'a')
      .addBranch('a', () => 'c' as never, ['b', END])
      .addEdge('b', END)
      .compile();
    const res = await g.run(0);
    expect(res.status).toBe('error');
    expect(res.error).toMatchObject({ code: 'BRANCH_TARGET_INVALID', details: { node: 'a', target: 'c' } });
    expect(res.error!.message).toContain('not among its declared targets (b, __end__)');
  });

  it('a branch may route on the state after the barrier and may be async', async () => {
    const g = graph<number, number, { n: number }>({ name: 'st', state: () => ({ n: 0 }) })
      .addNode('inc', (x: number, ctx) => (ctx.update((s) => void s.n++), x + 1))
      .addEdge(START, 'inc')
      .addBranch('inc', async (_x, s) => (s.n < 3 ? 'inc' : END), ['inc', END])
      .compile();
    expect(await g.run(0)).toMatchObject({ output: 3, state: { n: 3 } });
  });
});

describe('inputs arriving together', () => {
  const twoInto = (a: unknown, b: unknown, merge?: (x: any, y: any) => unknown) =>
    graph<number, unknown>({ name: 'merge' })
      .addNode('a', () => a)
      .addNode('b', () => b)
      .addNode('m', (x: unknown) => x, merge ? { merge } : {})
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addEdge('a', 'm')
      .addEdge('b', 'm')
      .addEdge('m', END)
      .compile();

  it('concatenates arrays and merges objects in node order', async () => {
    expect((await twoInto([1], [2, 3]).run(0)).output).toEqual([1, 2, 3]);
    expect((await twoInto({ x: 1 }, { y: 2 }).run(0)).output).toEqual({ x: 1, y: 2 });
  });

  it('a conflict is a typed error unless the node declares merge', async () => {
    const res = await twoInto({ x: 1 }, { x: 2 }).run(0);
    expect(res.status).toBe('error');
    expect(res.error).toMatchObject({ code: 'INPUT_MERGE_CONFLICT', details: { node: 'm' } });
    expect((await twoInto(1, 2).run(0)).error?.code).toBe('INPUT_MERGE_CONFLICT');
    expect((await twoInto(1, 2, (x: number, y: number) => x + y).run(0)).output).toBe(3);
  });
});

describe('a failing route', () => {
  it('keeps the step’s finished results: a resume routes again without re-running the nodes', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    let broken = true;
    const g = graph<number, number | string, string[]>({ name: 'route-fail', state: () => [] })
      .addNode('a', (n: number, ctx) => (calls.push('a'), ctx.update((s) => void s.push('a')), n))
      .addNode('b', (n: number) => (calls.push('b'), n * 2))
      .addNode('left', (n: number) => `left ${n}`)
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addBranch(
        'a',
        () => {
          if (broken) throw new Error('lookup service down');
          return 'left';
        },
        ['left', END],
      )
      .addEdge('b', END)
      .addEdge('left', END)
      .compile({ store });
    const first = await g.run(3, { threadId: 't' });
    expect(first).toMatchObject({ status: 'error', state: [], error: { code: 'RUN_FAILED', cause: { message: 'lookup service down' } } });
    expect(await g.getState('t')).toMatchObject({ status: 'error', step: 0, frontier: [{ node: 'a' }, { node: 'b' }] });
    broken = false;
    const second = await g.resume({ threadId: 't' });
    expect(second).toMatchObject({ status: 'done', output: 6, state: ['a'] });
    expect(calls).toEqual(['a', 'b']);
  });
});
