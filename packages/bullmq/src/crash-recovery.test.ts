import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LeaseKeeper, type CheckpointStore, type GraphEvent, type RunResult } from '@weft/graph';
import { ends, holdUntilCancelled, readJournal, reviewGraph, starts, stepsGraph } from '../test-support/journal-graph.ts';
import { until } from '../test-support/until.ts';
import { FAST_STALLS, queueFixture } from '../test-support/queue-fixture.ts';

describe('a job whose worker stops mid-run', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('crash')));
  afterEach(() => fx.dispose());

  it('closed with force: another worker takes the job over and continues from the last checkpoint', async () => {
    // On A, `two` holds until its run is cancelled.
    const { entered: inTwo, hold } = holdUntilCancelled();
    const a = fx.worker({
      store: fx.store(),
      targets: { steps: stepsGraph(fx.journal, { hold: { two: hold } }) },
      workerOptions: FAST_STALLS,
    });
    const queue = fx.queue();
    const job = await queue.run('steps', 'x', { threadId: 'forced' });
    await inTwo;
    await a.close({ force: true });
    expect(await job.state()).toBe('active'); // left to the stalled-job check, not completed or failed

    fx.worker({ store: fx.store(), targets: { steps: stepsGraph(fx.journal) }, workerOptions: FAST_STALLS });
    const result = (await job.result()) as RunResult;
    expect(result.status === 'done' && result.output).toBe('x>one>two>three');

    const lines = readJournal(fx.journal);
    expect([starts(lines, 'one').length, ends(lines, 'one').length]).toEqual([1, 1]); // finished steps never run again
    expect([starts(lines, 'two').length, ends(lines, 'two').length]).toEqual([2, 1]); // the step in flight runs again
    expect([starts(lines, 'three').length, ends(lines, 'three').length]).toEqual([1, 1]);
    const events: GraphEvent[] = [];
    for await (const e of job.events()) events.push(e as GraphEvent);
    // The stream holds both attempts: the first up to its cancellation, the second from its resume.
    const runStarts = events.filter((e) => e.type === 'run.start');
    expect(runStarts.map((e) => e.type === 'run.start' && e.resumedFrom !== undefined)).toEqual([false, true]);
    expect(events.at(-1)).toMatchObject({ type: 'run.end', status: 'done' });
  });

  it('killed (SIGKILL): the job waits for the dead worker’s lease to expire, then continues without running finished steps again', async () => {
    const leaseTtlMs = 1_500;
    const { child, exited, ready } = fx.workerProcess('crash-worker.ts', leaseTtlMs);
    try {
      await ready;
      const store = fx.store();
      const queue = fx.queue();
      const job = await queue.run('steps', 'y', { threadId: 'killed' });
      await until(() => starts(readJournal(fx.journal), 'two').length > 0, 'the worker process to reach node two');
      const held = await store.threadLease('killed');
      expect(held?.holder).toContain(`:${child.pid} (job ${job.id})`);
      child.kill('SIGKILL');
      await exited;

      fx.worker({ store, targets: { steps: stepsGraph(fx.journal) }, workerOptions: FAST_STALLS });
      const result = (await job.result()) as RunResult;
      expect(result.status === 'done' && result.output).toBe('y>one>two>three');

      const lines = readJournal(fx.journal);
      expect(starts(lines, 'one').map((l) => l.pid)).toEqual([child.pid]);
      expect(starts(lines, 'two').map((l) => l.pid)).toEqual([child.pid, process.pid]);
      expect(starts(lines, 'three').map((l) => l.pid)).toEqual([process.pid]);
      // Never beside the dead holder: the second `two` started only once its lease had expired.
      expect(starts(lines, 'two')[1]!.at).toBeGreaterThanOrEqual(held!.expiresAt);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('whose run had ended (its worker died before the job did): the job reports the run from its checkpoint and runs nothing', async () => {
    const store = fx.store();
    // The thread is held (by the worker about to die) when the job arrives: the job waits, as delayed.
    const lease = await LeaseKeeper.take(store, 'ended', { holder: 'the worker that dies', ttlMs: 10_000 });
    const targets = { review: reviewGraph() };
    fx.worker({ store, targets });
    const job = await fx.queue().run('review', 'post', { threadId: 'ended' });
    await expect.poll(() => job.state()).toBe('delayed');
    // What the job's first attempt did before its worker died: the whole run, with the job's id in its checkpoints.
    const ran = await targets.review.withStore(store).run('post', { threadId: 'ended', lease, context: { weftJob: job.id } });
    expect(ran.status).toBe('interrupted');

    const result = (await job.result()) as RunResult;
    expect(result).toMatchObject({ status: 'interrupted', interrupts: ran.interrupts, checkpointId: ran.checkpointId, state: ran.state });
    expect(result.runId).toBe(`job:${job.id}`);
    expect(result.steps).toBe(ran.steps);
    const events: unknown[] = [];
    for await (const e of job.events()) events.push(e);
    // Nothing ran again; the stream still ends with the run.end a local run emits, rebuilt from the checkpoint.
    expect(events).toEqual([
      {
        type: 'run.end',
        status: 'interrupted',
        runId: `job:${job.id}`,
        threadId: 'ended',
        step: ran.steps,
        path: [],
        ts: expect.any(Number),
      },
    ]);
  });

  it('whose run had ended and sent its run.end, but not the end: the job adds the end only', async () => {
    const store = fx.store();
    const lease = await LeaseKeeper.take(store, 'sent', { holder: 'the worker that dies', ttlMs: 10_000 });
    const targets = { count: stepsGraph(fx.journal) };
    fx.worker({ store, targets });
    const queue = fx.queue();
    const job = await queue.run('count', 'x', { threadId: 'sent' });
    await expect.poll(() => job.state()).toBe('delayed');
    const run = targets.count.withStore(store).run('x', { threadId: 'sent', lease, context: { weftJob: job.id } });
    const client = await queue.bull.client;
    const sent: GraphEvent[] = [];
    run.subscribe((e) => sent.push(e));
    const ran = await run;
    for (const e of sent) await client.xadd(job.eventsKey, '*', { e: JSON.stringify(e) });

    const result = (await job.result()) as RunResult;
    expect(result).toMatchObject({ status: 'done', output: 'x>one>two>three', checkpointId: ran.checkpointId });
    const events: GraphEvent[] = [];
    for await (const e of job.events()) events.push(e as GraphEvent);
    expect(events.map((e) => e.type)).toEqual(sent.map((e) => e.type));
    expect(events.filter((e) => e.type === 'run.end')).toHaveLength(1);
  });

  it('whose run had ended and written its end: the job completes without a second end', async () => {
    const store = fx.store();
    const lease = await LeaseKeeper.take(store, 'written', { holder: 'the worker that dies', ttlMs: 10_000 });
    const targets = { review: reviewGraph() };
    fx.worker({ store, targets });
    const queue = fx.queue();
    const job = await queue.run('review', 'post', { threadId: 'written' });
    await expect.poll(() => job.state()).toBe('delayed');
    const ran = await targets.review.withStore(store).run('post', { threadId: 'written', lease, context: { weftJob: job.id } });
    const client = await queue.bull.client;
    await client.xadd(job.eventsKey, '*', { end: JSON.stringify({ ...ran, note: 'written by the first attempt' }) });

    await expect.poll(() => job.state(), { timeout: 5_000 }).toBe('completed');
    expect(await job.result()).toMatchObject({ status: 'interrupted', note: 'written by the first attempt' });
    const entries = (await client.xread([{ key: job.eventsKey, id: '0' }], { COUNT: 10 })) as [string, [string, string[]][]][];
    expect(entries[0]![1].map(([, f]) => f[0])).toEqual(['end']);
    expect((await queue.bull.getJob(job.id))?.returnvalue).toEqual({
      status: 'interrupted',
      threadId: 'written',
      checkpointId: ran.checkpointId,
    });
  });

  it('that loses its thread (an operator took it over): the job waits, then continues from the last checkpoint', async () => {
    // The worker's store, watched: when the run's renewal is refused, the run knows it lost the thread.
    const base = fx.store();
    let refused!: () => void;
    const renewalRefused = new Promise<void>((resolve) => (refused = resolve));
    const renewThread: CheckpointStore['renewThread'] = (lease) =>
      base.renewThread(lease).catch((err: unknown) => (refused(), Promise.reject(err)));
    const store = new Proxy(base, {
      get: (target, key) => {
        if (key === 'renewThread') return renewThread;
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    let entered!: () => void;
    const inTwo = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const hold = () => (first ? ((first = false), entered(), gate) : Promise.resolve());
    fx.worker({ store, targets: { steps: stepsGraph(fx.journal, { hold: { two: hold } }) }, leaseTtlMs: 1_000 });
    const job = await fx.queue().run('steps', 'w', { threadId: 'taken' });
    await inTwo;
    // Someone takes the thread for a moment; the run learns it at its next renewal and stops before its next write (LEASE_LOST).
    await store.claimThread('taken', { holder: 'operator', takeOver: true, ttlMs: 300 });
    await renewalRefused; // the run's next renewal (every third of its 1 s lease)
    release();

    const result = (await job.result()) as RunResult;
    expect(result.status === 'done' && result.output).toBe('w>one>two>three');
    const lines = readJournal(fx.journal);
    expect([starts(lines, 'one').length, starts(lines, 'two').length, starts(lines, 'three').length]).toEqual([1, 2, 1]);
    await expect.poll(() => job.state()).toBe('completed'); // BullMQ completes the job just after the end is written
    const errors: string[] = [];
    for await (const e of job.events()) if ((e as GraphEvent).type === 'error') errors.push((e as { error: { code: string } }).error.code);
    expect(errors).toEqual(['LEASE_LOST']); // the first attempt's end, in the stream before the second's events
  });
});
