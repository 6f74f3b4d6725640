import { Queue, QueueEvents } from 'bullmq';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GraphEvent, RunResult } from '@weft/graph';
import { versionQueueName, type WeftJob } from './index.ts';
import { queueFixture } from '../test-support/queue-fixture.ts';
import { redisConnection } from '../test-support/redis-env.ts';
import { refundFlow } from '../test-support/refund-versions.ts';

/** The queue's BullMQ events, and a wait until BullMQ reports that the queue's job entered the 'waiting-children' state (listening before it happens). */
async function waitingChildren(
  queue: string,
): Promise<{ events: QueueEvents; next: (jobId: string) => Promise<void>; close: () => Promise<void> }> {
  const events = new QueueEvents(queue, { connection: redisConnection() });
  await events.waitUntilReady();
  const seen = new Set<string>();
  const wanted = new Map<string, () => void>();
  events.on('waiting-children', ({ jobId }) => (seen.add(jobId), wanted.get(jobId)?.()));
  return {
    events,
    next: (jobId) => (seen.has(jobId) ? Promise.resolve() : new Promise((resolve) => wanted.set(jobId, resolve))),
    close: () => events.close(),
  };
}

async function nodeStarts(job: WeftJob<GraphEvent, unknown>): Promise<string[]> {
  const nodes: string[] = [];
  for await (const e of job.events()) if (e.type === 'node.start') nodes.push(e.node);
  return nodes;
}

describe("onGraphMismatch: 'pin' across workers serving several versions", () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('pin')));
  afterEach(() => fx.dispose());

  /** A thread started on v1 and paused at ask, by a worker that then stops: the deploy of v2. */
  async function pausedOnV1(log: string[]) {
    const store = fx.store();
    const before = fx.worker({ store, targets: { refunds: refundFlow('v1', 'w0', log) }, sweepIntervalMs: 0 });
    const queue = fx.queue<{ refunds: [ReturnType<typeof refundFlow>, ReturnType<typeof refundFlow>] }>({ store });
    const paused = await (await queue.run('refunds', { amount: 5 }, { threadId: 'old' })).result();
    expect(paused.status).toBe('interrupted');
    await before.close();
    return { store, queue, paused: paused as RunResult<string> };
  }

  it('runs a paused v1 thread on the v1 worker, new threads on v2, and a pinned job waits until a v1 worker starts', async () => {
    const log: string[] = [];
    const { store, queue, paused } = await pausedOnV1(log);
    const v1 = refundFlow('v1', 'probe', []);
    const v2 = refundFlow('v2', 'probe', []);
    expect(await queue.versions()).toEqual([
      { target: 'refunds', graph: 'refunds', hash: v1.hash, version: 'v1', threads: 1, done: 0, waitingJobs: 0 },
    ]);

    // v2 is deployed: new runs go to it.
    fx.worker({ store, targets: { refunds: refundFlow('v2', 'w2', log) }, sweepIntervalMs: 0, workerOptions: { name: 'w2' } });
    const fresh = await (await queue.run('refunds', { amount: 7 }, { threadId: 'new' })).result();
    expect(fresh.status === 'interrupted' && fresh.interrupts.map((i) => i.id)).toEqual(['review#0']);

    // The old thread's resume is taken by the v2 worker, which hands it to v1's queue: no worker serves v1 yet.
    const v1Queue = fx.track(versionQueueName(fx.name, 'refunds', v1.hash, 'v1'));
    fx.track(versionQueueName(fx.name, 'refunds', v2.hash, 'v2'));
    const parked = await waitingChildren(fx.name);
    const resumed = await queue.resume('refunds', { threadId: 'old', resume: { [paused.interrupts[0]!.id]: { approved: true } } });
    await parked.next(resumed.id);
    expect(await resumed.state()).toBe('waiting-children');
    expect(await queue.versions()).toEqual([
      { target: 'refunds', graph: 'refunds', hash: v1.hash, version: 'v1', threads: 1, done: 0, waitingJobs: 1 },
      { target: 'refunds', graph: 'refunds', hash: v2.hash, version: 'v2', threads: 1, done: 0, waitingJobs: 0 },
    ]);

    // A worker kept on v1 for its threads (it takes no new runs) starts and runs it.
    fx.worker({
      store,
      targets: { refunds: refundFlow('v1', 'w1', log) },
      pinnedOnly: true,
      sweepIntervalMs: 0,
      workerOptions: { name: 'w1' },
    });
    const done = await resumed.result();
    expect(done.status === 'done' && done.output).toBe('paid 5');
    expect(await nodeStarts(resumed)).toEqual(['ask', 'pay']);
    expect(log).toEqual(['w0:check:5', 'w0:ask:5', 'w2:check:7', 'w2:review:7', 'w1:ask:5', 'w1:pay:5']);
    // The main queue's job completes once its version's job did, with that job's summary.
    const mainJob = (await queue.bull.getJob(resumed.id))!;
    await mainJob.waitUntilFinished(parked.events);
    await parked.close();
    expect((await queue.bull.getJob(resumed.id))?.returnvalue).toEqual({
      status: 'done',
      threadId: 'old',
      checkpointId: done.checkpointId,
    });
    const bull = new Queue(v1Queue, { connection: redisConnection() });
    const pinned = await bull.getJob(`${resumed.id}.${v1.hash}`);
    expect([await pinned?.getState(), pinned?.processedBy, pinned?.data.forJob]).toEqual(['completed', 'w1', resumed.id]);
    expect((await queue.bull.getJob(resumed.id))?.processedBy).toBe('w2');
    await bull.close();
    expect((await queue.versions()).map((v) => [v.version, v.threads, v.done, v.waitingJobs])).toEqual([
      ['v1', 0, 1, 0],
      ['v2', 1, 0, 0],
    ]);
    expect(versionQueueName(fx.name, 'refunds', v1.hash, 'v1')).toBe(`${fx.name}@refunds@${v1.hash}@v1`);
  });

  it('a worker serving both versions runs each thread on the version that wrote it', async () => {
    const log: string[] = [];
    const { store, queue, paused } = await pausedOnV1(log);
    const both = [refundFlow('v1', 'both', log), refundFlow('v2', 'both', log)] as const;
    for (const v of both) fx.track(versionQueueName(fx.name, 'refunds', v.hash, v.version));
    fx.worker({ store, targets: { refunds: both }, sweepIntervalMs: 0 });

    const fresh = await (await queue.run('refunds', { amount: 7 }, { threadId: 'new' })).result();
    expect(fresh.status === 'interrupted' && fresh.interrupts.map((i) => i.id)).toEqual(['review#0']);
    const resumed = await queue.resume('refunds', { threadId: 'old', resume: { [paused.interrupts[0]!.id]: { approved: true } } });
    const done = await resumed.result();
    expect(done.status === 'done' && done.output).toBe('paid 5');
    expect(log).toEqual(['w0:check:5', 'w0:ask:5', 'both:check:7', 'both:review:7', 'both:ask:5', 'both:pay:5']);
    // Run where it was taken: no job went to a version queue.
    expect(await (await queue.bull.getJob(resumed.id))?.getDependenciesCount()).toEqual({
      failed: 0,
      ignored: 0,
      processed: 0,
      unprocessed: 0,
    });
    expect((await queue.versions()).map((v) => [v.version, v.threads, v.done, v.waitingJobs])).toEqual([
      ['v1', 0, 1, 0],
      ['v2', 1, 0, 0],
    ]);
  });

  it('refuses two versions a thread could not tell apart', () => {
    const store = fx.store();
    expect(() => fx.worker({ store, targets: { refunds: [refundFlow('v1', 'a', []), refundFlow('v1', 'b', [])] } })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('lists version v1 twice') }),
    );
    expect(() => fx.worker({ store, targets: { refunds: [] } })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
