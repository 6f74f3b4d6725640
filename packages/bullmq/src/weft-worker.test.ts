import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Instrumentation, InstrumentedRun } from '@weft/graph';
import { readJournal, stepsGraph, holdUntilCancelled } from '../test-support/journal-graph.ts';
import { FAST_STALLS, queueFixture } from '../test-support/queue-fixture.ts';

describe('WeftWorker.close()', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('close')));
  afterEach(() => fx.dispose());

  it('is graceful: the active job finishes (steps, end, completion), no new job starts, and the lease is released', async () => {
    const store = fx.store();
    const worker = fx.worker({ store, targets: { steps: stepsGraph(fx.journal, { workMs: 80 }) } });
    const queue = fx.queue();
    const first = await queue.run('steps', 'a', { threadId: 'c1' });
    const second = await queue.run('steps', 'b', { threadId: 'c2' });
    while (readJournal(fx.journal).length === 0) await new Promise((r) => setTimeout(r, 10));

    await Promise.all([worker.close(), worker.close()]); // closing twice waits for the same close
    expect(await first.state()).toBe('completed');
    const lines = readJournal(fx.journal);
    expect(lines.map((l) => `${l.ev}:${l.node}`)).toEqual(['start:one', 'end:one', 'start:two', 'end:two', 'start:three', 'end:three']);
    expect(await first.result()).toMatchObject({ status: 'done', output: 'a>one>two>three' });
    expect(await second.state()).toBe('waiting');
    expect(await store.threadLease('c1')).toBeUndefined();
    expect(await worker.bull.isRunning()).toBe(false);
  });
});

describe('WeftWorker context', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('context')));
  afterEach(() => fx.dispose());

  it("is saved with every checkpoint of its runs, beside the job's id; a bad one is refused", async () => {
    const store = fx.store();
    const steps = stepsGraph(fx.journal);
    fx.worker({ store, targets: { steps }, context: { app: 'billing', weft: { module: 'flows/steps.ts' } } });
    const job = await fx.queue().run('steps', 'a', { threadId: 'ctx1' });
    await job.result();
    const contexts = [];
    for await (const c of steps.withStore(store).history('ctx1')) contexts.push(c.context);
    expect(contexts.length).toBeGreaterThan(1);
    // Beside the worker's values: the job, and its queue and target (what a sweeper needs to find and continue the thread).
    const weftQueue = { queue: fx.name, prefix: 'bull', target: 'steps' };
    for (const c of contexts) expect(c).toEqual({ app: 'billing', weft: { module: 'flows/steps.ts' }, weftJob: job.id, weftQueue });
    expect(() => fx.worker({ store, targets: { steps }, context: [] as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});

describe('WeftJob', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('job')));
  afterEach(() => fx.dispose());

  it('follows a job that no worker has taken yet, and stops waiting when its signal aborts', async () => {
    const job = await fx.queue().run('steps', 'z');
    expect(await job.state()).toBe('waiting');
    const reason = new Error('gave up');
    const stop = new AbortController();
    setTimeout(() => stop.abort(reason), 100);
    const iterate = async () => {
      for await (const _ of job.events({ signal: stop.signal })) throw new Error('no event expected');
    };
    await expect(iterate()).rejects.toBe(reason);
    await expect(job.result({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);

    fx.worker({ store: fx.store(), targets: { steps: stepsGraph(fx.journal) } });
    expect(await job.result()).toMatchObject({ status: 'done', output: 'z>one>two>three' });
  });
});

describe('WeftWorker instrumentation', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('instr')));
  afterEach(() => fx.dispose());

  /** Keeps a value in each thread's context on its first run, and records what every run started with. */
  const recorder = () => {
    const starts: InstrumentedRun[] = [];
    const ends: string[] = [];
    const instrumentation: Instrumentation = {
      startRun(run) {
        starts.push({ ...run, context: { ...run.context } });
        run.context['trace'] ??= `trace-of-${run.runId}`;
        return { types: new Set(['run.end']), event: () => {}, end: (r) => void ends.push(r.status) };
      },
    };
    return { instrumentation, starts, ends };
  };

  it("observes the runs; a thread continued on another worker after a crash keeps what the first run's instrumentation kept", async () => {
    // On A, `two` holds until its run is cancelled.
    const { entered: inTwo, hold } = holdUntilCancelled();
    const a = recorder();
    const worker = fx.worker({
      store: fx.store(),
      targets: { steps: stepsGraph(fx.journal, { hold: { two: hold } }) },
      instrumentation: [a.instrumentation],
      context: { app: 'x' },
      workerOptions: FAST_STALLS,
    });
    const job = await fx.queue().run('steps', 'a', { threadId: 'i1' });
    await inTwo;
    await worker.close({ force: true });
    const b = recorder();
    fx.worker({
      store: fx.store(),
      targets: { steps: stepsGraph(fx.journal) },
      instrumentation: [b.instrumentation],
      context: { app: 'x' },
      workerOptions: FAST_STALLS,
    });
    expect(await job.result()).toMatchObject({ status: 'done', output: 'a>one>two>three' });
    expect(a.starts).toHaveLength(1);
    expect(a.ends).toEqual(['error']); // cancelled by the forced close
    expect(b.starts).toHaveLength(1);
    expect(b.starts[0]!.context).toEqual({
      app: 'x',
      weftJob: job.id,
      weftQueue: { queue: fx.name, prefix: 'bull', target: 'steps' },
      trace: `trace-of-${a.starts[0]!.runId}`,
    });
    expect(b.starts[0]!.resumedFrom).toEqual(expect.any(String));
    expect(b.ends).toEqual(['done']);
  });
});
