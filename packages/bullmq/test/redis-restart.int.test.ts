import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { CHAIN, chainOutput } from './fixtures/journal-graphs.ts';
import { checkJournal, readJournal } from './support/check-journal.ts';
import { createHarness, enqueueChains, mapLimit, sleep, within, type ChainJob, type Harness } from './support/harness.ts';
import { PrivateRedis } from './support/private-redis.ts';
import { services, servicesDescribe } from './support/services.ts';

const WORKERS = 2;
/** Enqueued before the outage (running while Redis stops), then after it (proving the workers reconnected). */
const BEFORE = 30;
const AFTER = 20;
const DOWN_MS = 1_500;

servicesDescribe({ redisServer: true })(`Redis restarted under ${WORKERS} worker processes running ${BEFORE + AFTER} threads`, () => {
  let h: Harness;
  let redis: PrivateRedis;
  let failed = false;

  beforeAll(async () => {
    // Its own server: stopping the shared one would pull Redis from under the test files running beside this one.
    redis = await PrivateRedis.start();
    h = await createHarness({ ...services!, redisUrl: redis.url }, 'redis_restart', {
      WEFT_CONCURRENCY: '4',
      WEFT_LEASE_TTL_MS: '2000',
      WEFT_LOCK_MS: '1500',
      WEFT_STALLED_MS: '1000',
    });
    const workers = Array.from({ length: WORKERS }, () => h.fleet.start());
    await Promise.all(workers.map((w) => w.ready));
  }, 60_000);

  afterAll(async () => {
    await h?.dispose(failed);
    await redis?.dispose();
  }, 60_000);

  it('the workers reconnect; every thread finishes once, each step once, never two runners', async () => {
    onTestFailed(() => void (failed = true));
    const jobs: ChainJob[] = [];
    const enqueue = (count: number) => enqueueChains(h, jobs, count);

    await enqueue(BEFORE);
    // Waiting for results across the outage: the clients must survive it too.
    const early = mapLimit(jobs.slice(), 16, ({ job }) => job.result());
    early.catch(() => {}); // awaited below
    await sleep(150); // some threads done, some running, some waiting
    const stoppedAt = performance.timeOrigin + performance.now();
    await redis.stop();
    await sleep(DOWN_MS);
    await redis.start();
    const restartedAt = performance.timeOrigin + performance.now();
    await enqueue(AFTER);

    const results = [
      ...(await within(60_000, 'threads enqueued before the outage', early)),
      ...(await within(
        60_000,
        'threads enqueued after it',
        mapLimit(jobs.slice(BEFORE), 16, ({ job }) => job.result()),
      )),
    ];
    expect(results.map((r, i) => [jobs[i]!.threadId, r.status, r.status === 'done' ? r.output : r])).toEqual(
      jobs.map(({ threadId, n }) => [threadId, 'done', chainOutput(n, threadId)]),
    );

    // The jobs whose locks lapsed while Redis was down come back through the stalled check and complete without running anything.
    expect(await h.drained(20_000)).toEqual({});

    // The same two processes did all the work: none died, none was replaced.
    expect(h.fleet.all.map((w) => w.alive)).toEqual([true, true]);
    const lines = readJournal(h.journal);
    const pids = new Set(h.fleet.all.map((w) => w.pid));
    expect(lines.filter((l) => !pids.has(l.pid))).toEqual([]);
    const starts = (from: number, to = Infinity) =>
      h.fleet.all.map((w) => lines.filter((l) => l.ev === 'start' && l.pid === w.pid && l.t >= from && l.t < to).length);
    console.log(
      `redis restart: step runs per worker before the stop ${String(starts(0, stoppedAt))}, after the restart ${String(starts(restartedAt))}`,
    );
    // Both reconnected: each ran steps after the restart (42+ threads were left then; trials: 57–81 step runs each).
    expect(starts(restartedAt).map((n) => n > 0)).toEqual([true, true]);

    const report = checkJournal(lines, {
      threads: jobs.map((j) => j.threadId),
      steps: CHAIN.map((node, i) => ({ node, step: i + 1 })),
      effectNode: 'tool',
      killed: new Map(),
    });
    expect(report.problems).toEqual([]);
    expect([report.repeats, report.duplicateEffects]).toEqual([0, 0]);

    expect((await h.fleet.stopAll()).map((e) => e.code)).toEqual([0, 0]);
    expect(await h.leftovers()).toEqual({});
  }, 180_000);
});
