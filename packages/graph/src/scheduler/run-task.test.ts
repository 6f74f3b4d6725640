import { afterEach, describe, expect, it, vi } from 'vitest';
import { END, START, graph, MemoryStore, type NodeContext } from '../index.ts';
import { collect, deferred, trace } from '../../test/support/collect.ts';

afterEach(() => void vi.useRealTimers());

const single = <O>(fn: (x: number, ctx: NodeContext<any>) => O, opts: object = {}, store?: MemoryStore) =>
  graph<number, unknown>({ name: 'one' })
    .addNode('n', fn, opts)
    .addEdge(START, 'n')
    .addEdge('n', END)
    .compile(store ? { store } : {});

describe('streaming nodes', () => {
  it('emits each chunk as an event and sends the concatenation along the edge', async () => {
    async function* words() {
      yield 'Hel';
      yield 'lo';
    }
    const g = graph<number, string>({ name: 'stream' })
      .addNode('s', () => words())
      .addNode('shout', (t: string) => t.toUpperCase())
      .addEdge(START, 's')
      .addEdge('s', 'shout')
      .addEdge('shout', END)
      .compile();
    const { result, events } = await collect(g.run(0));
    expect(result.output).toBe('HELLO');
    expect(events.filter((e) => e.type === 'node.chunk').map((e) => (e as { chunk: unknown }).chunk)).toEqual(['Hel', 'lo']);
    expect(trace(events).slice(2, 6)).toEqual(['1 node.start s', '1 node.chunk s', '1 node.chunk s', '1 node.end s']);
  });

  it('concatenates arrays, keeps other chunks as a list, and honours a custom concat', async () => {
    const from = (xs: unknown[]) =>
      (async function* () {
        yield* xs;
      })();
    expect((await single(() => from([[1], [2, 3]])).run(0)).output).toEqual([1, 2, 3]);
    expect((await single(() => from([{ a: 1 }, { b: 2 }])).run(0)).output).toEqual([{ a: 1 }, { b: 2 }]);
    expect((await single(() => from([1, 2, 3]), { concat: (c: number[]) => c.reduce((a, b) => a + b, 0) }).run(0)).output).toBe(6);
  });
});

describe('retries and timeouts', () => {
  it('retries a failing node with backoff and reports each retry', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const run = single(
      () => {
        if (++calls < 3) throw new Error(`flaky ${calls}`);
        return 'ok';
      },
      { retry: { maxAttempts: 3, initialDelayMs: 100, backoff: 2, jitter: false } },
    ).run(0);
    const events: unknown[] = [];
    run.subscribe((e) => e.type === 'node.retry' && events.push([e.attempt, e.delayMs, e.error.message]));
    await vi.runAllTimersAsync();
    expect(await run).toMatchObject({ status: 'done', output: 'ok' });
    expect(events).toEqual([
      [1, 100, 'flaky 1'],
      [2, 200, 'flaky 2'],
    ]);
  });

  it('fails with NODE_FAILED after the last attempt, with the original error as cause', async () => {
    const boom = new Error('boom');
    const res = await single(
      () => {
        throw boom;
      },
      { retry: { maxAttempts: 2, initialDelayMs: 1 } },
    ).run(0);
    expect(res.status).toBe('error');
    expect(res.error).toMatchObject({ code: 'NODE_FAILED', name: 'NodeError', details: { node: 'n', path: ['n'], attempts: 2 } });
    expect(res.error!.cause).toBe(boom);
  });

  it('stops retrying when retryOn says no', async () => {
    let calls = 0;
    const res = await single(
      () => {
        calls++;
        throw new Error('fatal');
      },
      { retry: { maxAttempts: 5, initialDelayMs: 1, retryOn: () => false } },
    ).run(0);
    expect([res.error?.code, calls]).toEqual(['NODE_FAILED', 1]);
  });

  it('times out a slow node, aborting its signal', async () => {
    vi.useFakeTimers();
    let aborted: unknown;
    const run = single((_x, ctx) => new Promise(() => ctx.signal.addEventListener('abort', () => (aborted = ctx.signal.reason))), {
      timeoutMs: 50,
    }).run(0);
    await vi.advanceTimersByTimeAsync(60);
    const res = await run;
    expect(res.error).toMatchObject({ code: 'NODE_TIMEOUT', details: { path: ['n'], timeoutMs: 50 } });
    expect(aborted).toBe(res.error);
  });

  it('a timed-out attempt is retried', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const run = single(() => (++calls === 1 ? new Promise(() => {}) : 'second'), {
      timeoutMs: 10,
      retry: { maxAttempts: 2, initialDelayMs: 5 },
    }).run(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(await run).toMatchObject({ status: 'done', output: 'second' });
  });
});

describe('cancellation and failure', () => {
  it('aborting ends the run at once with RUN_ABORTED; finished siblings are kept and not re-run on resume', async () => {
    const store = new MemoryStore();
    const ac = new AbortController();
    const calls: string[] = [];
    let hang = true;
    const g = graph<number, unknown>({ name: 'cancel' })
      .addNode('quick', () => (calls.push('quick'), 'q'))
      .addNode('stuck', () => {
        calls.push('stuck');
        if (!hang) return 's';
        setImmediate(() => ac.abort());
        return new Promise(() => {});
      })
      .addNode('join', (x: unknown) => x, { trigger: 'all' })
      .addEdge(START, 'quick')
      .addEdge(START, 'stuck')
      .addEdge('quick', 'join')
      .addEdge('stuck', 'join')
      .addEdge('join', END)
      .compile({ store });
    const { result, events } = await collect(g.run(0, { threadId: 't', signal: ac.signal }));
    expect(result.status).toBe('error');
    expect(result.error?.code).toBe('RUN_ABORTED');
    expect(trace(events).slice(-3)).toEqual(['1 checkpoint.write', '1 error RUN_ABORTED', '1 run.end error']);
    hang = false;
    const again = await g.resume({ threadId: 't' });
    expect(again).toMatchObject({ status: 'done', output: { quick: 'q', stuck: 's' } });
    expect(calls).toEqual(['quick', 'stuck', 'stuck']);
  });

  it('a run started with an aborted signal runs no node', async () => {
    const calls: string[] = [];
    const ac = new AbortController();
    ac.abort();
    const res = await single(() => calls.push('n')).run(0, { signal: ac.signal });
    expect([res.status, res.error?.code, calls]).toEqual(['error', 'RUN_ABORTED', []]);
  });

  it('a node error keeps the finished siblings’ results; resume re-runs only the failed node', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    let fail = true;
    const gate = deferred();
    const g = graph<number, unknown, string[]>({ name: 'partial', state: () => [] })
      .addNode('ok', (_: number, ctx) => (calls.push('ok'), ctx.update((s) => void s.push('ok')), gate.resolve(), 'fine'))
      .addNode('bad', async () => {
        calls.push('bad');
        await gate.promise;
        if (fail) throw new Error('transient');
        return 'recovered';
      })
      .addNode('join', (x: unknown) => x, { trigger: 'all' })
      .addEdge(START, 'ok')
      .addEdge(START, 'bad')
      .addEdge('ok', 'join')
      .addEdge('bad', 'join')
      .addEdge('join', END)
      .compile({ store });
    const { result, events } = await collect(g.run(0, { threadId: 't' }));
    expect(result).toMatchObject({ status: 'error', state: [] });
    expect(events.find((e) => e.type === 'error')).toMatchObject({ node: 'bad', error: { code: 'NODE_FAILED' } });
    const saved = await g.getState('t');
    expect(saved).toMatchObject({ status: 'error', step: 0, frontier: [{ node: 'ok' }, { node: 'bad' }], error: { code: 'NODE_FAILED' } });
    fail = false;
    expect(await g.resume({ threadId: 't' })).toMatchObject({ status: 'done', output: { ok: 'fine', bad: 'recovered' }, state: ['ok'] });
    expect(calls).toEqual(['ok', 'bad', 'bad']);
  });
});
