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
});
