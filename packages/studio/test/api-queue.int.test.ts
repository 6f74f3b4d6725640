/**
 * The studio on @weft/bullmq workers (`weft serve --queue`): runs and
 * resumes are jobs on a real Redis (WEFT_REDIS_URL, from
 * scripts/start-redis.sh); a worker in this process runs them on the store
 * the studio reads.
 */
import { randomUUID } from 'node:crypto';
import { WeftQueue, WeftWorker } from '@weft/bullmq';
import { MemoryStore } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { schedulesResponse } from '../src/api/schedules-schema.ts';
import { serveStudio, type ServedStudio } from '../src/index.ts';
import { gate, reviewGraph, type Effects } from './support/review-graph.ts';
import { sseReader } from './support/sse-client.ts';

const REDIS = process.env['WEFT_REDIS_URL'];
// In CI the queue is there (.ci/run starts it): its absence fails instead of skipping.
const maybe = REDIS || process.env['CI'] ? describe : describe.skip;

let close: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of close.reverse()) await c();
  close = [];
});

async function queuedStudio() {
  const url = new URL(REDIS ?? 'redis://127.0.0.1:56379');
  const connection = { host: url.hostname, port: Number(url.port) };
  const name = `studio-${randomUUID().slice(0, 8)}`;
  const store = new MemoryStore();
  const effects: Effects = { written: [], published: [] };
  const g = gate();
  const review = reviewGraph(effects, g);
  const worker = new WeftWorker({ queue: name, connection, store, targets: { review }, concurrency: 2 });
  const queue = new WeftQueue({ queue: name, connection, store });
  const served: ServedStudio = await serveStudio({ target: review, store, port: 0, queue: { queue, target: 'review' } });
  close.push(
    () => worker.close(),
    () => queue.close(),
    () => served.close(),
  );
  const call = async (path: string, body?: unknown) => {
    const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetch(new URL(path, served.url), init);
    return { status: res.status, body: (await res.json()) as any };
  };
  return { served, effects, gate: g, call, queue };
}

maybe('the studio on queue workers', () => {
  it('runs and resumes as jobs: the events are the job’s, the end its result; the thread is the workers’ store’s', async () => {
    const s = await queuedStudio();
    const started = await s.call('/api/threads/q1/runs', { input: { value: 'graphs' } });
    expect(started.status).toBe(202);
    expect(started.body.runId).toMatch(/^job:/);
    const first = sseReader(await fetch(new URL('/api/threads/q1/events', s.served.url)));
    const run = await first.until((e) => e.event === 'end');
    await first.close();
    const types = run.map((e) => (e.event === 'graph' ? e.data.type : e.event));
    expect(types[0]).toBe('run');
    expect(types.slice(1, 3)).toEqual(['run.start', 'checkpoint.write']);
    expect(types.slice(-3)).toEqual(['interrupt', 'run.end', 'end']);
    expect(run.at(-1)!.data).toMatchObject({ runId: started.body.runId, status: 'interrupted', interrupts: [{ id: 'approve#0' }] });
    const done = await s.call('/api/threads/q1/resume', { resume: { 'approve#0': true }, wait: true });
    expect(done.body).toMatchObject({ status: 'done', output: 'On graphs', checkpointId: expect.any(String) });
    expect(s.effects).toEqual({ written: ['graphs'], published: ['On graphs'] });
    const state = await s.call('/api/threads/q1/state');
    expect(state.body).toMatchObject({ status: 'done', checkpointId: done.body.checkpointId, running: false });
  });

  it('a second answer to an interrupt an earlier job answered is 409 INTERRUPT_ALREADY_ANSWERED, and no job is queued', async () => {
    const s = await queuedStudio();
    const paused = await s.call('/api/threads/q1/runs', { input: { value: 'graphs' }, wait: true });
    expect(paused.body.status).toBe('interrupted');
    expect((await s.call('/api/threads/q1/resume', { resume: { 'approve#0': true }, wait: true })).body.status).toBe('done');
    const again = await s.call('/api/threads/q1/resume', { resume: { 'approve#0': false }, wait: true });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'INTERRUPT_ALREADY_ANSWERED',
      details: { answered: ['approve#0'], interrupted: paused.body.checkpointId },
    });
    expect(s.effects).toEqual({ written: ['graphs'], published: ['On graphs'] });
    expect((await s.call('/api/threads/q1/state')).body).toMatchObject({ status: 'done', running: false });
  });

  it('two resumes sent at once: one job, the other 409 THREAD_BUSY before anything is queued; the effect happens once', async () => {
    const s = await queuedStudio();
    await s.call('/api/threads/q3/runs', { input: { value: 'maps' }, wait: true });
    const [a, b] = await Promise.all([
      s.call('/api/threads/q3/resume', { resume: { 'approve#0': true }, wait: true }),
      s.call('/api/threads/q3/resume', { resume: { 'approve#0': true }, wait: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.error.code).toBe('THREAD_BUSY');
    expect((a.status === 200 ? a : b).body).toMatchObject({ status: 'done', output: 'On maps' });
    expect(s.effects).toEqual({ written: ['maps'], published: ['On maps'] });
    const history = await s.call('/api/threads/q3/history?limit=100');
    expect(history.body.checkpoints.filter((c: { source: string }) => c.source === 'resume')).toHaveLength(1);
  });

  it('a second resume while a job runs the thread is 409 THREAD_BUSY; a fork is 400 NOT_SUPPORTED; nothing runs twice', async () => {
    const s = await queuedStudio();
    await s.call('/api/threads/q2/runs', { input: { value: 'maps' }, wait: true });
    s.gate.close();
    const first = await s.call('/api/threads/q2/resume', { resume: { 'approve#0': true } });
    expect(first.status).toBe(202);
    const second = await s.call('/api/threads/q2/resume', { resume: { 'approve#0': true } });
    expect(second).toMatchObject({ status: 409, body: { error: { code: 'THREAD_BUSY' } } });
    const history = await s.call('/api/threads/q2/history');
    const fork = await s.call('/api/threads/q2/fork', { checkpointId: history.body.checkpoints.at(-1).checkpointId });
    expect(fork).toMatchObject({
      status: 400,
      body: { error: { code: 'NOT_SUPPORTED', message: expect.stringMatching(/without --queue/) } },
    });
    s.gate.open();
    const events = sseReader(await fetch(new URL('/api/threads/q2/events', s.served.url)));
    expect((await events.until((e) => e.event === 'end')).at(-1)!.data.status).toBe('done');
    await events.close();
    expect(s.effects).toEqual({ written: ['maps'], published: ['On maps'] });
  });

  it('GET /api/schedules lists the queue’s schedules as queue.schedules() gives them', async () => {
    const s = await queuedStudio();
    // The graph tells the page there are schedules to ask for.
    expect((await s.call('/api/graph')).body).toMatchObject({ schedules: true });
    expect(await s.call('/api/schedules')).toEqual({ status: 200, body: { schedules: [] } });
    await s.queue.schedule('weekly', { target: 'review', cron: '0 9 * * 1', timezone: 'Europe/Paris', input: { value: 'news' } });
    const listed = await s.call('/api/schedules');
    expect(schedulesResponse.parse(listed.body)).toEqual(listed.body);
    expect(listed).toEqual({
      status: 200,
      body: {
        schedules: [
          {
            id: 'weekly',
            target: 'review',
            cron: '0 9 * * 1',
            timezone: 'Europe/Paris',
            threadId: 'new',
            overlap: 'skip',
            input: { value: 'news' },
            next: (await s.queue.schedules())[0]!.next,
            runs: [],
            skipped: [],
          },
        ],
      },
    });
    await s.queue.unschedule('weekly');
  });
});
