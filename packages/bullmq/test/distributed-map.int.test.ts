import type { WeftJob } from '@weft/bullmq';
import type { GraphEvent, RunResult } from '@weft/graph';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { mapItems, mapOutput } from './fixtures/journal-graphs.ts';
import type { JournalLine } from './fixtures/journal-line.ts';
import { busyPids, readJournal } from './support/check-journal.ts';
import { createHarness, mapLimit, sleep, within, type Harness } from './support/harness.ts';
import { services, servicesDescribe } from './support/services.ts';
import type { WorkerProcess } from './support/worker-fleet.ts';

const WORKERS = 4;
const WIDTH = 1_000;
const THREADS = 2;
const KILLS = 6;
const KILL_EVERY_MS = 700;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The pid in a lease holder (`host:pid (job N)`): the worker process running the thread's step. */
const pidOf = (holder: string | undefined): number | undefined => {
  const m = /:(\d+) \(job /.exec(holder ?? '');
  return m ? Number(m[1]) : undefined;
};

/**
 * Per item of each thread, every execution of its task (start lines, with
 * their effect and end): more than one only when each earlier one ran in a
 * process the test killed; every execution and effect with the item's key.
 */
function checkMapJournal(lines: readonly JournalLine[], threads: readonly string[], killed: ReadonlyMap<number, number>) {
  const problems: string[] = [];
  let repeats = 0;
  /** Executions a kill stopped before their end. */
  let cut = 0;
  for (const threadId of threads) {
    const byNode = new Map<string, JournalLine[]>();
    for (const l of lines)
      if (l.threadId === threadId && l.node.startsWith('work[')) byNode.set(l.node, [...(byNode.get(l.node) ?? []), l]);
    if (byNode.size !== WIDTH) problems.push(`${threadId}: ${byNode.size} items ran, not ${WIDTH}`);
    for (const [node, ls] of byNode) {
      const starts = ls.filter((l) => l.ev === 'start');
      const effects = ls.filter((l) => l.ev === 'effect');
      const ends = ls.filter((l) => l.ev === 'end');
      if (new Set(ls.map((l) => l.key)).size !== 1) problems.push(`${threadId} ${node}: executions with different keys`);
      if (effects.length !== starts.length) problems.push(`${threadId} ${node}: ${starts.length} starts, ${effects.length} effects`);
      if (ends.length === 0) problems.push(`${threadId} ${node}: never ended`);
      repeats += starts.length - 1;
      // Every execution but the one whose result the join got may only be in a killed process.
      const survivors = starts.filter((s) => !killed.has(s.pid));
      if (survivors.length > 1) problems.push(`${threadId} ${node}: ran ${survivors.length} times in processes that were not killed`);
      cut += starts.filter((s) => killed.has(s.pid) && !ends.some((e) => e.pid === s.pid)).length;
    }
  }
  return { problems, repeats, cut };
}

servicesDescribe()(`distributed map: ${THREADS} threads of ${WIDTH} tasks over ${WORKERS} worker processes, ${KILLS} SIGKILLs`, () => {
  let h: Harness;
  let failed = false;

  beforeAll(async () => {
    h = await createHarness(services!, 'map', {
      WEFT_CONCURRENCY: '2',
      WEFT_TASK_CONCURRENCY: '8',
      WEFT_LEASE_TTL_MS: '2000',
      WEFT_LOCK_MS: '1500',
      WEFT_STALLED_MS: '1000',
    });
    await Promise.all(Array.from({ length: WORKERS }, () => h.fleet.start().ready));
  }, 60_000);

  afterAll(async () => h?.dispose(failed), 60_000);

  it('the join gets every task result exactly once; a task runs again only when a kill cut it; a killed run continues elsewhere', async () => {
    onTestFailed(() => void (failed = true));
    const started = Date.now();
    const threads = Array.from({ length: THREADS }, (_, t) => `${h.tag}-m${t}`);
    const jobs: WeftJob<GraphEvent, RunResult<string[]>>[] = [];
    for (const threadId of threads) jobs.push(await h.queue.run('map', WIDTH, { threadId }));

    // Kill during the map step: first the worker running each thread's step (the run, waiting at its barrier),
    // then workers with tasks in flight; a replacement starts after each kill.
    await within(
      30_000,
      'the map step to start',
      (async () => {
        while (!readJournal(h.journal).some((l) => l.node.startsWith('work['))) await sleep(20);
      })(),
    );
    const parentKills: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      // Replacements take a second or two to boot on a busy machine: wait until some worker is up to be killed.
      let up = h.fleet.live().filter((w) => w.isReady);
      for (let waited = 0; up.length === 0 && waited < 20_000; waited += 50) {
        await sleep(50);
        up = h.fleet.live().filter((w) => w.isReady);
      }
      if (up.length === 0) throw new Error('no worker process came up to be killed');
      let victim: WorkerProcess | undefined;
      if (k < THREADS) {
        const holder = pidOf((await h.store.threadLease(threads[k]!))?.holder);
        victim = up.find((w) => w.pid === holder);
        if (victim) parentKills.push(victim.pid);
      }
      const busy = busyPids(h.journal);
      victim ??= pick(up.filter((w) => busy.has(w.pid)).length ? up.filter((w) => busy.has(w.pid)) : up);
      h.fleet.kill(victim);
      h.fleet.start();
      await sleep(KILL_EVERY_MS);
    }

    const results = await within(180_000, 'the results of the map threads', Promise.all(jobs.map((j) => j.result())));
    const finishedAt = Date.now();
    for (const [t, r] of results.entries()) {
      expect(r.status).toBe('done');
      // The join's list: each item's result once, in send order (a result delivered twice would be an extra entry).
      expect(r.output).toEqual(mapOutput(WIDTH, threads[t]!));
    }

    expect(await h.drained(30_000)).toEqual({});
    await Promise.all(h.fleet.live().map((w) => w.ready));
    const exits = await h.fleet.stopAll();
    expect(exits.map((e) => e.code)).toEqual(Array(WORKERS).fill(0));

    const killed = h.fleet.killedExits();
    const report = checkMapJournal(readJournal(h.journal), threads, killed);
    expect(report.problems).toEqual([]);
    expect(h.fleet.kills).toHaveLength(KILLS);
    // The kills cut tasks, and at least one hit a run at its barrier: its job continued on another worker (2+ runs in its stream).
    expect(report.cut).toBeGreaterThan(0);
    expect(parentKills.length).toBeGreaterThan(0);
    const streams = await mapLimit(jobs, 2, async (job) => {
      const events: GraphEvent[] = [];
      for await (const e of job.events()) events.push(e);
      return events;
    });
    const continued = streams.filter((events) => new Set(events.map((e) => e.runId)).size > 1).length;
    expect(continued).toBeGreaterThan(0);
    // Tasks a continued run found finished were not sent again: far fewer executions than two per item.
    expect(report.repeats).toBeLessThan(KILLS * 8 + THREADS);
    const children = await Promise.all(jobs.map(async (j) => (await h.bull.getJob(j.id))!.getDependenciesCount()));
    expect(children).toEqual(jobs.map(() => ({ processed: WIDTH, unprocessed: 0, failed: 0, ignored: 0 })));
    console.log(
      `distributed map: ${THREADS} × ${WIDTH} tasks, ${KILLS} kills (${parentKills.length} of a run at its barrier), ` +
        `${report.cut} task runs cut by a kill, ${report.repeats} repeated; ${continued} runs continued on another worker; ` +
        `all results after ${finishedAt - started} ms; items ${mapItems(WIDTH).length}`,
    );
  }, 300_000);
});
