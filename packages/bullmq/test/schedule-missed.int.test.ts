import { afterAll, beforeAll, expect, it } from 'vitest';
import { END, graph, START } from '@weft/graph';
import { WeftQueue, WeftWorker, type ScheduleInfo } from '../src/index.ts';
import { sqliteFile, uniqueQueue } from '../test-support/redis-env.ts';
import { PrivateRedis } from './support/private-redis.ts';
import { servicesDescribe } from './support/services.ts';

const PERIOD_MS = 1_000;

/** A graph that counts its node's runs. */
function counter() {
  const ran: number[] = [];
  const g = graph<string, string>({ name: 'counter' })
    .addNode('work', (input: string) => (ran.push(Date.now()), `did ${input}`))
    .addEdge(START, 'work')
    .addEdge('work', END)
    .compile();
  return { g, ran };
}

/** The due times of the ticks whose run jobs were added (ids `schedule-beat-<due time>`), in order. */
async function tickRuns(queue: WeftQueue<any>): Promise<number[]> {
  const ids = (await queue.bull.getJobs(['completed', 'failed', 'waiting', 'active', 'prioritized'])).map((j) => j.id ?? '');
  return ids
    .filter((id) => id.startsWith('schedule-beat-'))
    .map((id) => Number(id.split('-').at(-1)))
    .sort((a, b) => a - b);
}

/** Lets time pass: what is under test is what the schedule does with the ticks due meanwhile. */
const pass = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

servicesDescribe({ redisServer: true })('schedules on a real Redis', () => {
  let redis: PrivateRedis;
  const file = sqliteFile();
  const open: { close(): Promise<void> }[] = [];
  const connection = () => ({ host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null });

  beforeAll(async () => {
    // Its own server: restarting the shared one would pull Redis from under the test files running beside this one.
    redis = await PrivateRedis.start();
  }, 60_000);

  afterAll(async () => {
    for (const c of open.reverse()) await c.close();
    await file.remove();
    await redis?.dispose();
  }, 60_000);

  function setUp(name: string) {
    const { g, ran } = counter();
    const queue = new WeftQueue<{ counter: typeof g }>({ queue: uniqueQueue(name), connection: connection(), store: file.open() });
    queue.bull.on('error', () => {}); // Redis restarting: ioredis reconnects on its own
    open.push(queue);
    const startWorker = () => {
      const worker = new WeftWorker({ queue: queue.name, connection: connection(), store: file.open(), targets: { counter: g } });
      worker.bull.on('error', () => {});
      open.push(worker);
      return worker;
    };
    const info = async (): Promise<ScheduleInfo> => (await queue.schedules())[0]!;
    /** Once no run job waits: every added run has run, so node runs and recorded runs can be compared. */
    const settled = async () => {
      await expect
        .poll(() => queue.bull.getJobCounts('waiting', 'active', 'prioritized'), { timeout: 30_000 })
        .toEqual({ waiting: 0, active: 0, prioritized: 0, paused: 0 });
    };
    return { queue, ran, startWorker, info, settled };
  }

  it('ticks missed while no worker ran come back as ONE run when a worker starts, then the schedule goes on', async () => {
    const { queue, ran, startWorker, info, settled } = setUp('schedule-missed');
    const scheduledAt = Date.now();
    await queue.schedule('beat', { target: 'counter', everyMs: PERIOD_MS, input: 'beat' });
    await pass(4.5 * PERIOD_MS); // four or five ticks fall due with no worker
    const startedAt = Date.now();
    startWorker();
    await expect.poll(async () => (await info()).runs.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await queue.unschedule('beat');
    await settled();
    const before = ran.filter((t) => t < startedAt).length;
    const ticksRun = await tickRuns(queue);
    // Exactly one run for every tick due before the worker started (the first, due when the schedule was added) ...
    expect(ticksRun.filter((at) => at < startedAt)).toEqual([ticksRun[0]]);
    expect(ticksRun[0]).toBeGreaterThanOrEqual(scheduledAt - PERIOD_MS);
    // ... the next run is a tick due after the worker started, on the schedule's period.
    expect(ticksRun[1]).toBeGreaterThanOrEqual(startedAt);
    expect(ticksRun[1]! - ticksRun[0]!).toBeGreaterThanOrEqual(4 * PERIOD_MS);
    expect([before, ran.length]).toEqual([0, ticksRun.length]);
  });

  it('a Redis restart between ticks: the schedule survives it, each tick runs once', async () => {
    const { queue, ran, startWorker, info, settled } = setUp('schedule-restart');
    startWorker();
    await queue.schedule('beat', { target: 'counter', everyMs: PERIOD_MS, input: 'beat' });
    await expect.poll(async () => (await info()).runs.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const before = (await info()).runs.length;
    await redis.stop();
    await redis.start();
    await expect.poll(async () => (await info()).runs.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(before + 2);
    await queue.unschedule('beat');
    const jobs = (await queue.bull.getJobs(['completed', 'waiting', 'active', 'prioritized']))
      .map((j) => j.id!)
      .filter((id) => id.startsWith('schedule-beat-'));
    await settled();
    const ticks = jobs.map((id) => Number(id.split('-').at(-1)));
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ran.length).toBe(ticks.length);
  });
});
