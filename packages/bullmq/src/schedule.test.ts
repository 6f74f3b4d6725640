import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { END, graph, START, type RunResult } from '@weft/graph';
import type { Job } from 'bullmq';
import { QueueError } from './index.ts';
import type { ScheduleTickData } from './schedule-spec.ts';
import { runScheduleTick, tickJobId, tickTime } from './schedule-tick.ts';
import { queueFixture } from '../test-support/queue-fixture.ts';

/** A graph that counts its node's runs, by input; a run whose input is 'hold' waits at the gate. */
function counter(gate: Promise<void> = Promise.resolve()) {
  const ran: string[] = [];
  const g = graph<string, string>({ name: 'counter' })
    .addNode('work', async (input: string) => {
      ran.push(input);
      if (input === 'hold') await gate;
      return `did ${input}`;
    })
    .addEdge(START, 'work')
    .addEdge('work', END)
    .compile();
  return { g, ran };
}

/** A tick job as BullMQ hands it to a worker: `repeat:<schedule>:<due time>`. */
const tickJob = (data: ScheduleTickData, at: number) =>
  ({ id: `repeat:${data.schedule}:${at}`, timestamp: at + 3, data }) as Job<ScheduleTickData>;

describe('queue.schedule(): checked before anything is stored', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('schedule-check')));
  afterEach(() => fx.dispose());

  const cases: [string, string, unknown, string][] = [
    [
      'a bad cron pattern',
      'nightly',
      { target: 'report', cron: 'every night' },
      'cron must be a cron pattern such as "0 9 * * 1-5", got "every night" (Validation error, cannot resolve alias "eve")',
    ],
    ['everyMs 0', 'poll', { target: 'report', everyMs: 0 }, 'everyMs must be a positive whole number of milliseconds, got 0'],
    ['everyMs negative', 'poll', { target: 'report', everyMs: -5 }, 'everyMs must be a positive whole number of milliseconds, got -5'],
    [
      'both cron and everyMs',
      'poll',
      { target: 'report', cron: '* * * * *', everyMs: 10 },
      'give exactly one of cron (a pattern) and everyMs (a period)',
    ],
    ['neither', 'poll', { target: 'report' }, 'give exactly one of cron (a pattern) and everyMs (a period)'],
    [
      'a bad time zone',
      'nightly',
      { target: 'report', cron: '0 6 * * *', timezone: 'Mars/Olympus' },
      'timezone must be an IANA time zone such as "Europe/Paris", got "Mars/Olympus"',
    ],
    ['an unknown target', 'nightly', { target: 'reprot', everyMs: 1000 }, 'unknown target "reprot"; the workers run "report"'],
    ['an empty target', 'nightly', { target: '', everyMs: 1000 }, `target must be the name of one of the workers' targets, got ""`],
    ['an id with a colon', 'a:b', { target: 'report', everyMs: 1000 }, "the id must be a non-empty name without ':'"],
    [
      'a bad overlap',
      'poll',
      { target: 'report', everyMs: 1000, overlap: 'later' },
      `overlap must be one of 'skip', 'reject', 'enqueue', 'interrupt', 'rollback', got "later"`,
    ],
  ];
  for (const [what, id, options, why] of cases)
    it(`refuses ${what} with QUEUE_SCHEDULE_INVALID`, async () => {
      const queue = fx.queue({ targets: ['report'] });
      const err = await queue.schedule(id, options as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(QueueError);
      expect([(err as QueueError).code, (err as QueueError).message]).toEqual([
        'QUEUE_SCHEDULE_INVALID',
        `queue.schedule(${JSON.stringify(id)}): ${why}`,
      ]);
      expect(await queue.bull.getJobSchedulersCount()).toBe(0);
      expect(await queue.schedules()).toEqual([]);
    });

  it('stores a good schedule, lists it, replaces it under the same id, and removes it', async () => {
    const queue = fx.queue({ targets: ['report'] });
    const first = await queue.schedule('nightly', { target: 'report', cron: '0 6 * * *', timezone: 'Europe/Paris', input: { days: 1 } });
    expect({ ...first, next: typeof first.next }).toEqual({
      id: 'nightly',
      target: 'report',
      cron: '0 6 * * *',
      timezone: 'Europe/Paris',
      threadId: 'new',
      overlap: 'skip',
      input: { days: 1 },
      next: 'number',
      runs: [],
      skipped: [],
    });
    await queue.schedule('nightly', { target: 'report', everyMs: 3_600_000, threadId: 'reports', overlap: 'enqueue' });
    const listed = await queue.schedules();
    expect(listed.map((s) => [s.id, s.cron, s.everyMs, s.threadId, s.overlap])).toEqual([
      ['nightly', undefined, 3_600_000, 'reports', 'enqueue'],
    ]);
    expect(await queue.unschedule('nightly')).toBe(true);
    expect(await queue.unschedule('nightly')).toBe(false);
    expect(await queue.schedules()).toEqual([]);
  });
});

describe('schedule ticks', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('schedule-tick')));
  afterEach(() => fx.dispose());

  it('a tick time is the due time in its BullMQ job id, whoever takes it and when', () => {
    expect(tickTime({ id: 'repeat:nightly:1795890353920', timestamp: 5 })).toBe(1795890353920);
    expect(tickTime({ id: 'some-other-id', timestamp: 5 })).toBe(5);
    expect(tickJobId('nightly', 1795890353920)).toBe('schedule-nightly-1795890353920');
  });

  it("threadId 'new': one fresh thread per tick, named after the schedule and the tick; a tick delivered twice adds one run", async () => {
    const { g, ran } = counter();
    const store = fx.store();
    const queue = fx.queue<{ counter: typeof g }>({ store });
    const data: ScheduleTickData = {
      kind: 'tick',
      schedule: 'digest',
      target: 'counter',
      input: 'digest',
      threadId: 'new',
      overlap: 'skip',
    };
    const s = { queue, client: await queue.bull.client, store };
    const first = await runScheduleTick(tickJob(data, 1_000), s);
    const again = await runScheduleTick(tickJob(data, 1_000), s);
    const second = await runScheduleTick(tickJob(data, 2_000), s);
    const added = (at: number) => ({
      status: 'added',
      schedule: 'digest',
      tickAt: at,
      threadId: `digest-${at}`,
      jobId: `schedule-digest-${at}`,
    });
    expect([first, again, second]).toEqual([added(1_000), added(1_000), added(2_000)]);
    fx.worker({ store, targets: { counter: g } });
    const results = (await Promise.all([1_000, 2_000].map((at) => queue.job(`schedule-digest-${at}`).result()))) as RunResult[];
    expect(results.map((r) => [r.status, r.output])).toEqual([
      ['done', 'did digest'],
      ['done', 'did digest'],
    ]);
    expect(ran).toEqual(['digest', 'digest']);
    expect(await queue.bull.getJobCounts('completed', 'waiting', 'delayed', 'active')).toEqual({
      completed: 2,
      waiting: 0,
      delayed: 0,
      active: 0,
      paused: 0,
    });
  });

  it("a fixed thread: overlap 'skip' skips (and records) a tick while the thread's run goes on; 'enqueue' adds it after", async () => {
    let open!: () => void;
    const { g, ran } = counter(new Promise<void>((resolve) => (open = resolve)));
    const store = fx.store();
    const queue = fx.queue<{ counter: typeof g }>({ store });
    await queue.schedule('poll', { target: 'counter', everyMs: 3_600_000, threadId: 'inbox', input: 'hold' });
    fx.worker({ store, targets: { counter: g }, concurrency: 2 });
    const s = { queue, client: await queue.bull.client, store };
    const tick = (at: number, overlap: ScheduleTickData['overlap'], input = 'hold') =>
      runScheduleTick(tickJob({ kind: 'tick', schedule: 'poll', target: 'counter', input, threadId: 'inbox', overlap }, at), s);
    // The schedule's own first tick (due now) runs the thread and waits at the gate; it is recorded as a run.
    await expect.poll(() => ran.length, { timeout: 30_000 }).toBe(1);
    const skipped = await tick(2_000, 'skip');
    const rejected = await tick(3_000, 'reject');
    const queued = await tick(4_000, 'enqueue', 'next');
    expect([skipped, rejected, queued]).toEqual([
      { status: 'skipped', schedule: 'poll', tickAt: 2_000, threadId: 'inbox' },
      { status: 'skipped', schedule: 'poll', tickAt: 3_000, threadId: 'inbox' },
      { status: 'added', schedule: 'poll', tickAt: 4_000, threadId: 'inbox', jobId: 'schedule-poll-4000' },
    ]);
    open();
    expect(((await queue.job('schedule-poll-4000').result()) as RunResult).output).toBe('did next');
    expect(ran).toEqual(['hold', 'next']);
    const [info] = await queue.schedules();
    expect(info!.skipped).toEqual([2_000, 3_000]);
    // Oldest tick first: the fake ticks' times (4 s after the epoch) come before the real first tick's.
    expect(info!.runs.map((r) => r.jobId)).toEqual(['schedule-poll-4000', expect.stringMatching(/^schedule-poll-\d{13}$/)]);
  });
});
