import { filter, lastValueFrom, map, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { END, START, graph, MemoryStore, type GraphEvent } from '../index.ts';
import { EventHub } from './event-hub.ts';

const chain = (n: number) => {
  let b = graph<number, number>({ name: 'chain' }) as any;
  for (let i = 0; i < n; i++) b = b.addNode(`n${i}`, (x: number) => x + 1).addEdge(i === 0 ? START : `n${i - 1}`, `n${i}`);
  return b.addEdge(`n${n - 1}`, END).compile({ store: new MemoryStore() }) as ReturnType<
    ReturnType<typeof graph<number, number>>['compile']
  >;
};

describe('a Run', () => {
  it('is an RxJS Observable that completes after run.end', async () => {
    const ends = await lastValueFrom(
      chain(3)
        .run(0)
        .pipe(
          filter((e): e is Extract<GraphEvent, { type: 'node.end' }> => e.type === 'node.end'),
          map((e) => `${e.node}=${String(e.output)}`),
          toArray(),
        ),
    );
    expect(ends).toEqual(['n0=1', 'n1=2', 'n2=3']);
  });

  it('is an AsyncIterable that loses nothing to a slow consumer', async () => {
    const run = chain(20).run(0, { threadId: 't' });
    const seen: string[] = [];
    for await (const e of run) {
      await new Promise((r) => setTimeout(r, 1));
      seen.push(e.type);
    }
    const all: string[] = [];
    const again = chain(20).run(0);
    again.subscribe((e) => all.push(e.type));
    await again;
    // run.start, the input checkpoint, five events per step, run.end
    expect(seen.length).toBe(3 + 20 * 5);
    expect(seen).toEqual(all);
    expect(seen.filter((t) => t === 'checkpoint.write')).toHaveLength(21);
    expect(seen[0]).toBe('run.start');
    expect(seen.at(-1)).toBe('run.end');
  });

  it('is awaitable for its result and can be consumed several ways at once', async () => {
    const run = chain(2).run(5);
    const viaRx: string[] = [];
    run.subscribe((e) => viaRx.push(e.type));
    const viaIter: string[] = [];
    const iterating = (async () => {
      for await (const e of run) viaIter.push(e.type);
    })();
    const res = await run;
    await iterating;
    expect(res).toMatchObject({ status: 'done', output: 7, steps: 2 });
    expect(viaIter).toEqual(viaRx);
    expect(viaRx[0]).toBe('run.start');
  });

  it('a subscriber that joins late sees the events from then on; after the end it completes at once', async () => {
    const run = chain(3).run(0);
    await run;
    const late: GraphEvent[] = [];
    let completed = false;
    run.subscribe({ next: (e) => late.push(e), complete: () => (completed = true) });
    expect([late, completed]).toEqual([[], true]);
    const it2 = run[Symbol.asyncIterator]();
    expect(await it2.next()).toEqual({ value: undefined, done: true });
  });

  it('breaking out of for-await stops listening without affecting the run', async () => {
    const run = chain(5).run(0);
    let count = 0;
    for await (const _ of run) if (++count === 3) break;
    expect((await run).output).toBe(5);
    expect(count).toBe(3);
  });

  it('only(types) delivers just those types, in order, while a full subscriber still gets everything', async () => {
    const g = graph<number, number>({ name: 'custom' })
      .addNode('a', (x: number, ctx) => (ctx.emit({ saw: x }), x + 1))
      .addNode('b', (x: number, ctx) => (ctx.emit({ saw: x }), x * 2))
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', END)
      .compile({ store: new MemoryStore() });
    const alone = g.run(1, { threadId: 'alone' });
    const custom: unknown[] = [];
    let completed = false;
    alone.only('node.custom').subscribe({ next: (e) => custom.push([e.node, e.data, e.step]), complete: () => (completed = true) });
    expect((await alone).output).toBe(4);
    expect([custom, completed]).toEqual([
      [
        ['a', { saw: 1 }, 1],
        ['b', { saw: 2 }, 2],
      ],
      true,
    ]);

    const both = g.run(1, { threadId: 'both' });
    const picked: string[] = [];
    const everything: string[] = [];
    both.only('checkpoint.write', 'run.end').subscribe((e) => picked.push(e.type));
    both.subscribe((e) => everything.push(e.type));
    await both;
    expect(picked).toEqual(['checkpoint.write', 'checkpoint.write', 'checkpoint.write', 'run.end']);
    expect(everything.filter((t) => t === 'checkpoint.write' || t === 'run.end')).toEqual(picked);
    expect(everything).toContain('node.start');
  });

  it('only() with no type or an unknown one is a typed error naming the known types', () => {
    const run = chain(1).run(0);
    expect(() => run.only()).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => run.only('node.strat' as never)).toThrow(/unknown: node\.strat \(known: run\.start, step\.start/);
  });

  it('misuse before the run starts rejects the promise and errors the Observable with the same typed error', async () => {
    const g = chain(1);
    const run = g.resume({ threadId: 'missing', resume: { x: 1 } });
    const errors: unknown[] = [];
    run.subscribe({ error: (e) => errors.push(e) });
    await expect(run).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'THREAD_NOT_FOUND' });
    const iter = g.resume({ threadId: 'missing', resume: {} })[Symbol.asyncIterator]();
    await expect(iter.next()).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
  });
});

describe('EventHub', () => {
  it('is inactive without listeners, so the scheduler builds no events', () => {
    const hub = new EventHub<number>();
    expect(hub.active).toBe(false);
    const stop = hub.subscribe({ next: () => {}, complete: () => {}, error: () => {} } as never);
    expect(hub.active).toBe(true);
    stop();
    expect(hub.active).toBe(false);
  });

  it('knows which types a filtered listener wants, and forgets them when it leaves or the hub closes', () => {
    const hub = new EventHub<{ type: string; n: number }>();
    const got: number[] = [];
    const stop = hub.subscribeTo(new Set(['x']), { next: (e) => got.push(e.n), complete: () => {}, error: () => {} });
    expect([hub.active, hub.wants('x'), hub.wants('y')]).toEqual([false, true, false]);
    hub.emit({ type: 'x', n: 1 });
    hub.emit({ type: 'y', n: 2 });
    expect(got).toEqual([1]);
    stop();
    stop();
    expect(hub.wants('x')).toBe(false);
    hub.subscribeTo(new Set(['x']), { next: () => {}, complete: () => {}, error: () => {} });
    const all = hub.subscribe({ next: () => {}, complete: () => {}, error: () => {} });
    expect([hub.active, hub.wants('y')]).toEqual([true, true]);
    all();
    expect([hub.active, hub.wants('x'), hub.wants('y')]).toEqual([false, true, false]);
    hub.close();
    expect(hub.wants('x')).toBe(false);
  });
});
