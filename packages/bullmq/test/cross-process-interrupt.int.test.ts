import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { WeftJob } from '@weft/bullmq';
import type { GraphEvent, RunResult } from '@weft/graph';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { approvalOutput } from './fixtures/journal-graphs.ts';
import { checkJournal, readJournal } from './support/check-journal.ts';
import { createHarness, mapLimit, within, type Harness } from './support/harness.ts';
import { services, servicesDescribe } from './support/services.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const THREADS = 3;

/** The test's own `node.start`s, `interrupt`s and `run.end`s of a job, replayed from its event stream. */
async function trace(events: AsyncIterable<GraphEvent>): Promise<string[]> {
  const seen: string[] = [];
  for await (const e of events) {
    if (e.type === 'node.start') seen.push(`start ${e.node}`);
    else if (e.type === 'interrupt') seen.push(`interrupt ${e.interrupts.map((i) => i.id).join(',')}`);
    else if (e.type === 'run.end') seen.push(`end ${e.status}`);
  }
  return seen;
}

servicesDescribe()('an interrupt on worker A, answered from another process, finished on worker B', () => {
  let h: Harness;
  let failed = false;

  beforeAll(async () => {
    h = await createHarness(services!, 'interrupt', { WEFT_LEASE_TTL_MS: '2000', WEFT_LOCK_MS: '1500', WEFT_STALLED_MS: '1000' });
  }, 60_000);

  afterAll(async () => h?.dispose(failed), 60_000);

  it('B finishes from the interrupt; the steps before it never run again', async () => {
    onTestFailed(() => void (failed = true));
    const a = h.fleet.start();
    await a.ready;
    const threads = Array.from({ length: THREADS }, (_, n) => ({ threadId: `${h.tag}-t${n}`, n: 100 + n }));
    const runs = await mapLimit(threads, THREADS, ({ threadId, n }) => h.queue.run('approval', n, { threadId }));
    const first = await within(
      30_000,
      'the runs to their interrupt',
      mapLimit(runs, THREADS, (j) => j.result()),
    );
    expect(first.map((r) => [r.status, r.interrupts.map((i) => [i.id, i.info])])).toEqual(
      threads.map(({ n }) => ['interrupted', [['approve#0', { amount: n }]]]),
    );
    expect(await mapLimit(runs, THREADS, (j) => trace(j.events()))).toEqual(
      threads.map(() => ['start prepare', 'start approve', 'interrupt approve#0', 'end interrupted']),
    );

    h.fleet.kill(a);
    await a.exited;
    const b = h.fleet.start();
    await b.ready;

    // Another process answers the interrupts through the queue and goes away.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@weft/source', '--import', 'tsx', 'test/fixtures/resume-process.ts', ...threads.map((t) => t.threadId)],
      { cwd: PACKAGE_DIR, env: { ...process.env, ...h.fleet.env } },
    );
    const resumes = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { threadId: string; jobId: string; by: string });
    expect(resumes.map((r) => r.threadId)).toEqual(threads.map((t) => t.threadId));
    expect(resumes.every((r) => r.by !== `resumer-${process.pid}`)).toBe(true);

    // This process follows jobs it did not create, by id.
    const jobs = resumes.map((r) => h.queue.job(r.jobId) as WeftJob<GraphEvent, RunResult<string>>); // an id does not say its target
    const done = await within(
      30_000,
      'the resumes',
      mapLimit(jobs, THREADS, (j) => j.result()),
    );
    expect(done.map((r) => [r.status, r.status === 'done' ? r.output : r])).toEqual(
      threads.map(({ n }, i) => ['done', approvalOutput(n, true, resumes[i]!.by)]),
    );
    expect(await mapLimit(jobs, THREADS, (j) => trace(j.events()))).toEqual(threads.map(() => ['start approve', 'start pay', 'end done']));

    // The journal: A prepared and asked; B asked again (an interrupted node starts over) and did the rest, once.
    const lines = readJournal(h.journal);
    const report = checkJournal(lines, {
      threads: threads.map((t) => t.threadId),
      steps: ['prepare', 'approve', 'pay'].map((node, i) => ({ node, step: i + 1 })),
      effectNode: 'pay',
      killed: h.fleet.killedExits(),
    });
    expect(report.problems).toEqual([]);
    expect(report.repeats).toBe(0);
    for (const { threadId } of threads) {
      const who = (ev: string) =>
        lines
          .filter((l) => l.threadId === threadId && l.ev === ev)
          .map((l) => `${l.node}@${l.step} ${l.pid === a.pid ? 'A' : l.pid === b.pid ? 'B' : l.pid}`);
      expect({ threadId, start: who('start'), ask: who('ask'), effect: who('effect') }).toEqual({
        threadId,
        start: ['prepare@1 A', 'approve@2 B', 'pay@3 B'],
        ask: ['approve@2 A', 'approve@2 B'],
        effect: ['pay@3 B'],
      });
    }

    expect(await h.drained(10_000)).toEqual({});
    expect((await h.fleet.stopAll()).map((e) => e.code)).toEqual([0]);
    expect(await h.leftovers()).toEqual({});
  }, 120_000);
});
