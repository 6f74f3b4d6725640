import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { END, graph, MemoryStore, START, type GraphEvent, type RunResult } from '@weft/graph';
import { QueueError, type WeftJob } from './index.ts';
import { readJournal, reviewGraph, stepsGraph } from '../test-support/journal-graph.ts';
import { queueFixture } from '../test-support/queue-fixture.ts';

/** inc loops until the count reaches 3, keeping every value it saw in its state. */
const countGraph = () =>
  graph<number, number, { seen: number[] }>({ name: 'count', state: () => ({ seen: [] }) })
    .addNode('inc', (n: number, ctx) => (ctx.update((s) => void s.seen.push(n)), n + 1))
    .addBranch('inc', (n) => (n < 3 ? 'inc' : END), ['inc', END])
    .addEdge(START, 'inc')
    .compile();

/** What two runs of the same graph must share: the events' types and nodes in order (ids and times differ). */
const shape = (events: GraphEvent[]) => events.map((e) => ('node' in e && e.node ? `${e.type}:${e.node}` : e.type));
const outcome = (r: RunResult) => ({ status: r.status, output: r.output, state: r.state, steps: r.steps, interrupts: r.interrupts });

async function collect<E>(job: WeftJob<E, unknown>): Promise<E[]> {
  const events: E[] = [];
  for await (const e of job.events()) events.push(e);
  return events;
}

async function localRun(g: ReturnType<typeof countGraph> | ReturnType<typeof reviewGraph>, input: never) {
  const run = g.withStore(new MemoryStore()).run(input, { threadId: 'local' });
  const events: GraphEvent[] = [];
  run.subscribe((e) => events.push(e));
  return { events, result: (await run) as RunResult };
}

describe('graph jobs', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('graph')));
  afterEach(() => fx.dispose());

  it('gives the events (types in order) and the result of a local run, done or interrupted', async () => {
    const targets = { count: countGraph(), review: reviewGraph() };
    const store = fx.store();
    fx.worker({ store, targets });
    const queue = fx.queue<typeof targets>();

    for (const [name, input] of [
      ['count', 0],
      ['review', 'post'],
    ] as const) {
      const local = await localRun(targets[name], input as never);
      const job = await queue.run(name, input as never, { threadId: `queued-${name}` });
      const events = await collect<GraphEvent>(job);
      const result = (await job.result()) as RunResult;
      expect(shape(events)).toEqual(shape(local.events));
      expect(outcome(result)).toEqual(outcome(local.result));
      expect(result.threadId).toBe(`queued-${name}`);
      expect(result.checkpointId).toBe(events.findLast((e) => e.type === 'checkpoint.write')?.checkpointId);
    }
  });

  it('stops at an interrupt on one worker, and another worker finishes the resume', async () => {
    const queue = fx.queue<{ review: ReturnType<typeof reviewGraph> }>();
    const a = fx.worker({ store: fx.store(), targets: { review: reviewGraph() }, workerOptions: { name: 'A' } });
    const job = await queue.run('review', 'post', { threadId: 'r1' });
    const paused = await job.result();
    expect(paused.status).toBe('interrupted');
    expect(paused.interrupts).toEqual([expect.objectContaining({ id: 'review#0', info: { question: 'publish?', draft: 'post+draft' } })]);
    await a.close(); // no worker waits on an interrupted run: A has nothing left to do

    fx.worker({ store: fx.store(), targets: { review: reviewGraph() }, workerOptions: { name: 'B' } });
    const resumed = await queue.resume('review', { threadId: 'r1', resume: { 'review#0': 'ok' } });
    const done = await resumed.result();
    expect(done.status === 'done' && [done.output, done.state.log]).toEqual(['post+draft+ok+published', ['draft', 'review:ok', 'publish']]);
    expect((await queue.bull.getJob(job.id))?.processedBy).toBe('A');
    expect((await queue.bull.getJob(resumed.id))?.processedBy).toBe('B');
    const types = shape(await collect<GraphEvent>(resumed));
    expect(types.filter((t) => t.startsWith('node.start'))).toEqual(['node.start:review', 'node.start:publish']);
  });

  it('replays every event, then the end, to a subscriber that comes after the job ended, in another process', async () => {
    const targets = { count: countGraph() };
    fx.worker({ store: fx.store(), targets });
    const job = await fx.queue<typeof targets>().run('count', 0);
    const live = await collect<GraphEvent>(job);
    const result = await job.result();

    const elsewhere = fx.queue(); // another connection, as another process would have
    const late = elsewhere.job(job.id);
    expect(await collect(late)).toEqual(live);
    expect(await late.result()).toEqual(result);
    expect(live.at(-1)).toMatchObject({ type: 'run.end', status: 'done', output: 3 });
    const client = await elsewhere.bull.client;
    const entries = (await client.xread([{ key: late.eventsKey, id: '0' }], { COUNT: 1000 })) as [string, [string, string[]][]][];
    const fields = entries[0]![1].map(([, f]) => f[0]);
    expect(fields).toEqual([...live.map(() => 'e'), 'end']);
    await expect.poll(() => late.state()).toBe('completed');
  });

  it('never runs two jobs of the same thread at once: the second waits for the lease, then continues the thread', async () => {
    const targets = { steps: stepsGraph(fx.journal, { workMs: 60 }) };
    fx.worker({ store: fx.store(), targets, concurrency: 2 });
    const queue = fx.queue<typeof targets>();
    const jobs = await Promise.all([queue.run('steps', 'a', { threadId: 'same' }), queue.run('steps', 'b', { threadId: 'same' })]);
    const results = await Promise.all(jobs.map((j) => j.result()));
    expect(results.map((r) => r.status === 'done' && r.output).sort()).toEqual(['a>one>two>three', 'b>one>two>three']);

    const lines = readJournal(fx.journal).sort((x, y) => x.at - y.at);
    expect(lines).toHaveLength(12);
    // One runner at a time: every start is followed by its own end before anything else starts.
    for (let i = 0; i < lines.length; i += 2)
      expect([lines[i]!.ev, lines[i + 1]!.ev, lines[i]!.node]).toEqual(['start', 'end', lines[i + 1]!.node]);
  });

  it('reports an unknown target as a typed error from result() and events(), and fails the job', async () => {
    fx.worker({ store: fx.store(), targets: { count: countGraph() } });
    const job = await fx.queue().run('nope', 1);
    const err = await job.result().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'QUEUE_TARGET_UNKNOWN', name: 'QueueError', details: { target: 'nope', known: ['count'] } });
    await expect(collect(job)).rejects.toMatchObject({ code: 'QUEUE_TARGET_UNKNOWN' });
    await expect.poll(() => job.state()).toBe('failed');
  });

  it('rejects a refused resume with the code a local resume rejects with', async () => {
    const targets = { review: reviewGraph() };
    const store = fx.store();
    fx.worker({ store, targets });
    const queue = fx.queue<typeof targets>({ store });
    await (await queue.run('review', 'post', { threadId: 'r2' })).result();
    const bad = await queue.resume('review', { threadId: 'r2', resume: { 'nope#0': 1 } });
    const err = await bad.result().catch((e: unknown) => e);
    const local = await targets.review
      .withStore(store)
      .resume({ threadId: 'r2', resume: { 'nope#0': 1 } })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({
      code: 'UNKNOWN_INTERRUPT',
      message: (local as Error).message,
      details: (local as { details: unknown }).details,
    });
    await expect(queue.resume('review', { threadId: 'never-ran', resume: {} })).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
  });

  it('refuses bad targets, other stores, unknown jobs and a closed queue with typed errors', async () => {
    const store = fx.store();
    const other = countGraph().withStore(new MemoryStore());
    expect(() => fx.worker({ store, targets: { other } })).toThrow(
      expect.objectContaining({ code: 'QUEUE_TARGET_STORE', details: { target: 'other' } }),
    );
    expect(() => fx.worker({ store, targets: { bad: {} as never } })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => fx.queue({ queue: 'a:b' } as never)).toThrow(QueueError);
    // The worker's own store is accepted as it is.
    expect(fx.worker({ store, targets: { mine: countGraph().withStore(store) } }).targets).toEqual(['mine']);

    const queue = fx.queue();
    await expect(queue.job('404').result()).rejects.toMatchObject({ code: 'QUEUE_JOB_NOT_FOUND', details: { jobId: '404' } });
    await queue.close();
    await expect(queue.run('count', 1)).rejects.toMatchObject({ code: 'QUEUE_CLOSED' });
  });
});
