import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SweepReport } from '@weft/bullmq';
import { Worker } from 'bullmq';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { CHAIN, chainOutput } from './fixtures/journal-graphs.ts';
import { checkJournal, readJournal } from './support/check-journal.ts';
import { connectionOf, createHarness, mapLimit, sleep, within, type ChainJob, type Harness } from './support/harness.ts';
import { services, servicesDescribe } from './support/services.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const SWEEPERS = 2;

/** Polls `check` until it holds (bounded by `within` at the call site). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await sleep(50);
}

/** One sweep-process.ts run: its report. */
async function sweepInAnotherProcess(h: Harness): Promise<SweepReport> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@weft/source', '--import', 'tsx', 'test/fixtures/sweep-process.ts'],
    { cwd: PACKAGE_DIR, env: { ...process.env, ...h.fleet.env }, timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as SweepReport;
}

servicesDescribe()('threads that no job will continue, found and continued by sweepers', () => {
  let h: Harness;
  let failed = false;

  beforeAll(async () => {
    h = await createHarness(services!, 'sweep', {
      WEFT_CONCURRENCY: '2',
      WEFT_LEASE_TTL_MS: '1000',
      WEFT_LOCK_MS: '1000',
      WEFT_STALLED_MS: '500',
      WEFT_SWEEP_MS: '0', // the test sweeps, from processes of its own
    });
  }, 60_000);

  afterAll(async () => h?.dispose(failed), 60_000);

  it(`${SWEEPERS} sweepers at once continue each stranded thread once: a job failed for stalling is put back (with or without a checkpoint of its own), a lost one gets a continuation`, async () => {
    onTestFailed(() => void (failed = true)); // keep the journal and worker logs
    const a = h.fleet.start();
    await a.ready;
    const jobs: ChainJob[] = [];
    for (const n of [0, 1]) {
      const threadId = `${h.tag}-t${n}`;
      jobs.push({ threadId, n, job: await h.queue.run('slow', n, { threadId }) });
    }
    // A dies with both threads in their tool step, after its effect and before its checkpoint.
    await within(
      60_000,
      'both threads to reach the tool’s effect',
      until(async () => readJournal(h.journal).filter((l) => l.ev === 'effect' && l.pid === a.pid).length === 2),
    );
    h.fleet.kill(a);
    await a.exited;

    // A third thread's job is taken by a worker that dies before its run writes anything (it stops renewing the lock).
    const fresh: ChainJob = { threadId: `${h.tag}-t2`, n: 2, job: await h.queue.run('slow', 2, { threadId: `${h.tag}-t2` }) };

    // Strand them as a worker of an older Weft (or plain BullMQ with its defaults) did: a stalled check with a
    // limit fails the jobs, and that worker never continues them.
    const ran: string[] = [];
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    const plain = new Worker(
      h.tag,
      async (job) => {
        ran.push(job.id!);
        await hung;
      },
      {
        connection: connectionOf(services!.redisUrl),
        maxStalledCount: 0,
        stalledInterval: 300,
        lockDuration: 1_000,
        lockRenewTime: 600_000,
        concurrency: 3,
      },
    );
    await within(
      60_000,
      'BullMQ to fail the three jobs for stalling',
      until(async () => (await h.bull.getJobCounts('failed')).failed === 3),
    );
    await plain.close(true);
    release();
    expect(ran).toEqual([fresh.job.id]); // BullMQ failed the jobs past their limit without running them
    const [retried, lost] = jobs;
    await (await h.bull.getJob(lost!.job.id))!.remove(); // t1's job is lost too (removeOnFail, or Redis lost it)
    for (const { threadId } of jobs) expect((await h.store.get(threadId))?.status).toBe('running');
    expect(await h.store.get(fresh.threadId)).toBeUndefined();
    await within(
      30_000,
      'the dead worker’s leases to expire',
      until(async () => (await Promise.all(jobs.map((j) => h.store.threadLease(j.threadId)))).every((l) => l === undefined)),
    );

    const reports = await Promise.all(Array.from({ length: SWEEPERS }, () => sweepInAnotherProcess(h)));
    const continued = reports.flatMap((r) => r.continued);
    // Each thread was continued once, whichever sweeper got there first.
    console.log(`sweepers: ${JSON.stringify(reports)}`);
    expect(continued.map((c) => c.threadId).sort()).toEqual([...jobs, fresh].map((j) => j.threadId));
    expect(continued.find((c) => c.threadId === fresh.threadId)).toEqual({
      threadId: fresh.threadId,
      jobId: fresh.job.id,
      how: 'retried',
      continuation: fresh.job.id,
    });
    expect(continued.find((c) => c.threadId === retried!.threadId)).toEqual({
      threadId: retried!.threadId,
      jobId: retried!.job.id,
      how: 'retried',
      continuation: retried!.job.id,
    });
    const enqueued = continued.find((c) => c.threadId === lost!.threadId)!;
    expect(enqueued).toEqual({
      threadId: lost!.threadId,
      jobId: lost!.job.id,
      how: 'enqueued',
      continuation: expect.stringMatching(/^weft-continue-[0-9a-f]{32}$/),
    });
    // One job per thread is waiting: the retried jobs, and one continuation (no second one from the other sweeper).
    expect((await h.bull.getWaiting()).map((j) => j.id).sort()).toEqual([retried!.job.id, fresh.job.id, enqueued.continuation].sort());
    expect(await h.bull.getJobCounts('failed', 'delayed', 'active')).toEqual({ failed: 0, delayed: 0, active: 0 });

    // A worker finishes both threads; the retried job's readers get its result, the continuation has its own.
    const b = h.fleet.start();
    await b.ready;
    const continuation = h.queue.job(enqueued.continuation);
    const results = await within(
      60_000,
      'the continued threads',
      mapLimit([retried!.job, continuation, fresh.job], 3, (j) => j.result()),
    );
    expect(results).toMatchObject([
      { status: 'done', output: chainOutput(0, retried!.threadId) },
      { status: 'done', output: chainOutput(1, lost!.threadId) },
      { status: 'done', output: chainOutput(2, fresh.threadId) },
    ]);

    // Side effects, counted: each thread's tool made its effect in the killed run and once more in the run that finished it.
    const lines = readJournal(h.journal);
    const report = checkJournal(lines, {
      threads: [...jobs, fresh].map((j) => j.threadId),
      steps: CHAIN.map((node, i) => ({ node, step: i + 1 })),
      effectNode: 'tool',
      killed: h.fleet.killedExits(),
    });
    expect(report.problems).toEqual([]);
    for (const { threadId } of jobs)
      expect(lines.filter((l) => l.threadId === threadId && l.ev === 'effect').map((l) => l.pid)).toEqual([a.pid, b.pid]);
    expect(lines.filter((l) => l.threadId === fresh.threadId && l.ev === 'effect').map((l) => l.pid)).toEqual([b.pid]);

    // Swept again: nothing is stranded any more.
    expect(await sweepInAnotherProcess(h)).toEqual({ examined: 0, continued: [] });
    await h.fleet.stopAll();
    expect(await h.leftovers()).toEqual({});
  }, 240_000);
});
