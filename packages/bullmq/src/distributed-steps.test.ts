import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { END, graph, interrupt, MemoryStore, send, START, type GraphEvent, type RunResult } from '@weft/graph';
import type { WeftJob } from './index.ts';
import { queueFixture } from '../test-support/queue-fixture.ts';

/** Where each task ran to its end: the worker (by its BullMQ name), the key and when it ended, in the order tasks ended. */
type Ran = { worker: string; key: string; at: number }[];

/** Waits like a model call, and stops at once when the task is cancelled (its worker closed with force). */
const work = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('cancelled'))), { once: true });
  });

/**
 * plan → `work` once per item (a map, distributed; each ~20 ms like a model
 * call) beside a local `count` → `join`. `ask` makes that item's task ask for
 * a number; `bad` makes it return what cannot travel (a function).
 */
function mapGraph(ran: Ran, worker: string, opts: { ask?: string; bad?: string; workMs?: number } = {}) {
  return graph<string[], string[], { seen: string[]; counted: number }>({ name: 'map', state: () => ({ seen: [], counted: 0 }) })
    .addNode('plan', (items: string[]) => items)
    .addNode(
      'work',
      async (item: string, ctx) => {
        await work(opts.workMs ?? 20, ctx.signal);
        ran.push({ worker, key: ctx.key!, at: Date.now() });
        const extra = item === opts.ask ? interrupt<number>({ item }) : 0;
        ctx.update((s) => void s.seen.push(item));
        return item === opts.bad ? [(() => item) as unknown as string] : [`${item}:${item.length + extra}`];
      },
      { distribute: true },
    )
    .addNode('count', (items: string[], ctx) => (ctx.update((s) => void (s.counted = items.length)), [`count=${items.length}`]))
    .addNode('join', (results: string[]) => results)
    .addEdge(START, 'plan')
    .addBranch('plan', (items) => [...items.map((it) => send('work', it, it)), send('count', items, 'all')], ['work', 'count'])
    .addEdge('work', 'join')
    .addEdge('count', 'join')
    .addEdge('join', END)
    .compile();
}

const items = Array.from({ length: 24 }, (_, i) => `item${String(i).padStart(2, '0')}`);
const expected = [...items.map((it) => `${it}:${it.length}`), 'count=24'];

async function eventsOf(job: WeftJob<GraphEvent, unknown>): Promise<GraphEvent[]> {
  const events: GraphEvent[] = [];
  for await (const e of job.events()) events.push(e);
  return events;
}

describe('distributed steps on BullMQ', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('dist')));
  afterEach(() => fx.dispose());

  it("spreads a map's tasks over the workers as flow children of the run's job; the result is a local run's", async () => {
    const ran: Ran = [];
    const local = await mapGraph([], 'local').withStore(new MemoryStore()).run(items, { threadId: 'local' });
    for (const name of ['A', 'B'])
      fx.worker({ store: fx.store(), targets: { map: mapGraph(ran, name) }, taskConcurrency: 4, workerOptions: { name } });
    const queue = fx.queue<{ map: ReturnType<typeof mapGraph> }>();
    const job = await queue.run('map', items, { threadId: 'm1' });
    const result = (await job.result()) as RunResult<string[], { seen: string[]; counted: number }>;

    expect(result).toMatchObject({ status: 'done', output: expected });
    expect(result.output).toEqual(local.output);
    expect([...result.state.seen].sort()).toEqual(items);
    expect(result.state.counted).toBe(24);
    // Every task ran once, and both workers ran some.
    expect(ran.map((r) => r.key).sort()).toEqual(items);
    expect(new Set(ran.map((r) => r.worker))).toEqual(new Set(['A', 'B']));
    // The run's job is the tasks' BullMQ parent: its children are the 24 task jobs, each processed, none failed.
    const parent = (await queue.bull.getJob(job.id))!;
    expect(await parent.getDependenciesCount()).toEqual({ processed: 24, unprocessed: 0, failed: 0, ignored: 0 });
    expect(Object.keys(await parent.getChildrenValues())).toHaveLength(24);
    // The events: every task's node.start / node.end reached the run's stream, in step 2.
    const events = await eventsOf(job);
    const starts = events.filter((e) => e.type === 'node.start' && e.node === 'work');
    expect(starts.map((e) => (e as { key?: string }).key).sort()).toEqual(items);
    expect(new Set(starts.map((e) => e.step))).toEqual(new Set([2]));
    expect(events.at(-1)).toMatchObject({ type: 'run.end', status: 'done', output: expected });
  });

  it('an interrupt in a remote task stops the thread; the resume sends only that task again, with its answer', async () => {
    const ran: Ran = [];
    const store = fx.store();
    fx.worker({ store, targets: { map: mapGraph(ran, 'A', { ask: 'item07' }) }, taskConcurrency: 8 });
    const queue = fx.queue<{ map: ReturnType<typeof mapGraph> }>();
    const first = await (await queue.run('map', items, { threadId: 'm2' })).result();
    expect(first.status).toBe('interrupted');
    expect(first.interrupts).toEqual([{ id: 'work/item07#0', address: 'work/item07', path: ['work'], info: { item: 'item07' } }]);
    const resumed = await queue.resume('map', { threadId: 'm2', resume: { 'work/item07#0': 100 } });
    const done = await resumed.result();
    expect(done).toMatchObject({ status: 'done', output: expected.map((e) => (e === 'item07:6' ? 'item07:106' : e)) });
    expect(ran.map((r) => r.key).sort()).toEqual([...items, 'item07'].sort());
    const parent = (await queue.bull.getJob(resumed.id))!;
    expect(await parent.getDependenciesCount()).toEqual({ processed: 1, unprocessed: 0, failed: 0, ignored: 0 });
  });

  it("a task's output that cannot travel fails the run as a local checkpoint would (CHECKPOINT_UNSERIALIZABLE)", async () => {
    fx.worker({ store: fx.store(), targets: { map: mapGraph([], 'A', { bad: 'item03' }) }, taskConcurrency: 8 });
    const result = await (await fx.queue<{ map: ReturnType<typeof mapGraph> }>().run('map', items, { threadId: 'm3' })).result();
    const local = await mapGraph([], 'local', { bad: 'item03' }).withStore(new MemoryStore()).run(items, { threadId: 'l' });
    expect(local.error).toMatchObject({ code: 'CHECKPOINT_UNSERIALIZABLE' });
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ code: 'CHECKPOINT_UNSERIALIZABLE' });
    expect(result.error?.message).toMatch(/a function/);
  });

  it('a run whose worker is stopped mid-step continues on another worker: finished tasks are not run again', async () => {
    const ran: Ran = [];
    const targetsOf = (name: string) => ({ map: mapGraph(ran, name, { workMs: 150 }) });
    const a = fx.worker({
      store: fx.store(1_000),
      targets: targetsOf('A'),
      taskConcurrency: 4,
      leaseTtlMs: 1_000,
      workerOptions: { name: 'A', lockDuration: 1_000, stalledInterval: 300 },
    });
    const queue = fx.queue<{ map: ReturnType<typeof mapGraph> }>();
    const job = await queue.run('map', items, { threadId: 'm4' });
    // Once A finished some tasks of the step (24 tasks, 4 at a time, 150 ms each), it stops at once.
    await expect.poll(() => ran.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(8);
    const closing = Date.now();
    await a.close({ force: true });
    const onA = ran.filter((r) => r.worker === 'A');
    fx.worker({
      store: fx.store(1_000),
      targets: targetsOf('B'),
      taskConcurrency: 8,
      leaseTtlMs: 1_000,
      workerOptions: { name: 'B', lockDuration: 1_000, stalledInterval: 300 },
    });
    const result = await job.result();
    expect(result).toMatchObject({ status: 'done', output: expected });
    // Every item ran; B ran only what A had not finished, taking A's finished tasks from their jobs. An item runs
    // twice only if A's task ended as A was being stopped (its result could not be saved any more).
    const onB = ran.filter((r) => r.worker === 'B');
    expect(new Set(ran.map((r) => r.key))).toEqual(new Set(items));
    expect(onA.length).toBeGreaterThanOrEqual(8);
    const twice = onB.filter((b) => onA.some((a) => a.key === b.key));
    expect(twice.every((b) => onA.find((a) => a.key === b.key)!.at >= closing)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(4);
    expect(onA.length + onB.length - twice.length).toBe(24);
  });
});
