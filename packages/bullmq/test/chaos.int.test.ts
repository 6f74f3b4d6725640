import type { WeftJob } from '@weft/bullmq';
import type { GraphEvent, RunResult } from '@weft/graph';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { CHAIN, chainOutput } from './fixtures/journal-graphs.ts';
import { checkJobEvents } from './support/check-events.ts';
import { busyPids, checkJournal, readJournal } from './support/check-journal.ts';
import { startCpuBurners, type CpuBurners } from './support/cpu-burners.ts';
import { createHarness, mapLimit, sleep, type Harness } from './support/harness.ts';
import { services, servicesDescribe } from './support/services.ts';
import type { WorkerProcess } from './support/worker-fleet.ts';

const WORKERS = 4;
const KILLS = 30;
/** Threads enqueued before each kill: 17 × 30 = 510 threads, each batch still running when the kill lands. */
const BATCH = 17;
const THREADS = BATCH * KILLS;
/** One kill per interval; a replacement boots (≈1–2 s of tsx on 2 cores) while the other workers carry on. */
const KILL_EVERY_MS = 1_500;
/**
 * BullMQ's stall limit of the workers, as BullMQ's own default (and `weft
 * worker` before stalls were continuations): with 30 kills, many jobs stall
 * past it, and each must be continued all the same.
 */
const MAX_STALLED = 1;
/** Busy-loop processes beside the test (WEFT_CHAOS_BURNERS, default none): the machine as loaded as by another CPU-heavy job. */
const BURNERS = Number(process.env['WEFT_CHAOS_BURNERS'] ?? 0);
/** How long the test waits for the results once the kills are done; a thread without one by then is stranded. */
const RESULTS_MS = 150_000;
/** Head statuses a thread ends with: anything else (or no checkpoint) after the wait is a stranded thread. */
const FINAL = new Set(['done', 'interrupted', 'error']);

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A random worker with a step in flight (waiting up to 1 s for one), else a random one that is up: kills should cut steps. */
async function victim(h: Harness): Promise<WorkerProcess> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const up = h.fleet.live().filter((w) => w.isReady);
    const busy = busyPids(h.journal);
    const inFlight = up.filter((w) => busy.has(w.pid));
    if (inFlight.length > 0) return pick(inFlight);
    if (Date.now() > deadline && up.length > 0) return pick(up);
    await sleep(10);
  }
}

/** A job as BullMQ holds it, in a line: for the report of a stranded thread. */
async function jobReport(h: Harness, id: string): Promise<string> {
  const job = await h.bull.getJob(id);
  if (!job) return `job ${id} is gone`;
  const { attemptsStarted, attemptsMade, stalledCounter, failedReason, processedOn, finishedOn } = job;
  const facts = { state: await job.getState(), attemptsStarted, attemptsMade, stalledCounter, failedReason, processedOn, finishedOn };
  return `job ${id} ${JSON.stringify(facts)}`;
}

/** What became of a thread's job, as its reader saw it: a result, an error, or nothing before the wait ended. */
type Outcome = { status: string; output?: unknown; error?: string };

servicesDescribe()(`chaos: ${WORKERS} worker processes, ${THREADS} threads, ${KILLS} SIGKILLs, ${BURNERS} CPU burners`, () => {
  let h: Harness;
  let burners: CpuBurners | undefined;
  let failed = false;

  beforeAll(async () => {
    h = await createHarness(services!, 'chaos', {
      WEFT_CONCURRENCY: '4',
      WEFT_LEASE_TTL_MS: '2000',
      WEFT_LOCK_MS: '1500',
      WEFT_STALLED_MS: '1000',
      WEFT_MAX_STALLED: String(MAX_STALLED),
      // Sweeps often enough to matter within the test (the default is a minute).
      WEFT_SWEEP_MS: '5000',
    });
    const first = Array.from({ length: WORKERS }, () => h.fleet.start());
    await Promise.all(first.map((w) => w.ready));
  }, 60_000);

  afterAll(async () => {
    await burners?.stop();
    await h?.dispose(failed);
  }, 60_000);

  it('every thread finishes with its output; a step repeats only when a kill cut it, with the same key; never two runners', async () => {
    onTestFailed(() => void (failed = true)); // keep the journal and worker logs
    const started = Date.now();
    const jobs: { threadId: string; n: number; job: WeftJob<GraphEvent, RunResult<string>> }[] = [];
    const random = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
    // Bounded: they end by themselves after the longest the test may take, and are stopped once the results are in.
    burners = startCpuBurners(BURNERS, 300_000);

    for (let k = 0; k < KILLS; k++) {
      // The batch is enqueued all at once, and the kill lands while it arrives and runs (it is done within ~150 ms:
      // 16 slots, ~50 ms a thread). Enqueued one by one, on a loaded machine the batch could be over before its kill.
      const batch = Array.from({ length: BATCH }, (_, b) => ({ n: jobs.length + b, threadId: `${h.tag}-t${jobs.length + b}` }));
      const adding = mapLimit(batch, BATCH, ({ n, threadId }) => h.queue.run('chain', n, { threadId }));
      const before = random(0, 40);
      await sleep(before);
      h.fleet.kill(await victim(h));
      const replacement = h.fleet.start();
      for (const [b, job] of (await adding).entries()) jobs.push({ ...batch[b]!, job });
      // The next kill once the replacement is up: on a loaded machine a worker boots slower than one kill per
      // interval, and kills would then land on workers that were never given a step.
      await Promise.all([sleep(KILL_EVERY_MS - before), replacement.ready]);
    }
    const killedAt = Date.now();

    // Every thread's outcome, waiting at most RESULTS_MS: a thread that none reaches is counted, not waited for.
    const deadline = AbortSignal.timeout(RESULTS_MS);
    const outcomes = await mapLimit(jobs, 32, ({ job }) =>
      job.result({ signal: deadline }).then(
        (r): Outcome => (r.status === 'done' ? { status: r.status, output: r.output } : { status: r.status }),
        (err: unknown): Outcome => ({ status: deadline.aborted ? 'no result' : 'rejected', error: String((err as Error)?.message ?? err) }),
      ),
    );
    const finishedAt = Date.now();
    await burners.stop();
    const heads = await mapLimit(jobs, 16, async ({ threadId }) => (await h.store.get(threadId))?.status ?? 'no checkpoint');
    const stranded = await mapLimit(
      jobs.filter((_, i) => !FINAL.has(heads[i]!)),
      4,
      async ({ threadId, job }) => `${threadId} (head: ${heads[jobs.findIndex((j) => j.job === job)]}; ${await jobReport(h, job.id)})`,
    );
    const finished = outcomes.filter((o) => o.status === 'done').length;
    // Jobs BullMQ stalled past its limit: each was failed for it, then put back and completed.
    const completed = await h.bull.getJobs(['completed']);
    const pastLimit = completed.filter((j) => j.stalledCounter > MAX_STALLED).length;
    const continuations = completed.filter((j) => j.id!.startsWith('weft-continue-')).length;
    console.log(
      `chaos outcome (${BURNERS} CPU burners): ${finished}/${THREADS} threads finished, ${stranded.length} stranded, ` +
        `${pastLimit} jobs stalled past maxStalledCount ${MAX_STALLED} and continued, ${continuations} sweeper continuation jobs; ` +
        `kills done after ${killedAt - started} ms, all results after ${finishedAt - started} ms`,
    );
    expect(stranded).toEqual([]);
    expect(outcomes.map((o, i) => [jobs[i]!.threadId, o])).toEqual(
      jobs.map(({ threadId, n }) => [threadId, { status: 'done', output: chainOutput(n, threadId) }]),
    );

    // Jobs whose worker died after their run ended come back through the stalled check and complete without running anything.
    expect(await h.drained(30_000)).toEqual({});
    // Graceful stops: each live worker finishes its jobs and exits 0.
    await Promise.all(h.fleet.live().map((w) => w.ready));
    const exits = await h.fleet.stopAll();
    expect(exits.map((e) => e.code)).toEqual(Array(WORKERS).fill(0));
    expect(await h.leftovers()).toEqual({});

    const lines = readJournal(h.journal);
    const killed = h.fleet.killedExits();
    const report = checkJournal(lines, {
      threads: jobs.map((j) => j.threadId),
      steps: CHAIN.map((node, i) => ({ node, step: i + 1 })),
      effectNode: 'tool',
      killed,
    });
    expect(report.problems).toEqual([]);
    expect(h.fleet.kills).toHaveLength(KILLS);

    // Each job's stream, replayed: the attempts' events in order, one end with the output.
    const streams = await mapLimit(jobs, 16, async ({ job }) => {
      const events: GraphEvent[] = [];
      for await (const e of job.events()) events.push(e);
      return events;
    });
    expect(
      streams.flatMap((events, i) =>
        checkJobEvents(jobs[i]!.threadId, events, {
          steps: CHAIN.map((node, s) => ({ node, step: s + 1 })),
          status: 'done',
          output: chainOutput(jobs[i]!.n, jobs[i]!.threadId),
        }),
      ),
    ).toEqual([]);
    const multi = streams.filter((events) => new Set(events.map((e) => e.runId)).size > 1).length;
    // Runs that ended in an attempt that was then killed: their run.end was rebuilt from the checkpoint.
    const rebuilt = streams.filter((events) => events.at(-1)?.runId.startsWith('job:')).length;
    // The kills did what they are for: most cut a step, some between a tool's effect and its checkpoint.
    expect(report.killsInFlight).toBeGreaterThanOrEqual(KILLS / 2);
    expect(report.duplicateEffects).toBeGreaterThan(0);
    // Killed attempts published events before they died: their jobs' streams show two attempts.
    expect(multi).toBeGreaterThan(0);
    console.log(
      `chaos: ${THREADS} threads, ${KILLS} kills (${report.killsInFlight} with a step in flight), ${report.executions} step runs, ` +
        `${report.repeats} repeated after a kill, ${report.duplicateEffects} duplicate effects (same key), ` +
        `${multi} streams with events of 2+ attempts, ${rebuilt} run.end rebuilt (the run had ended in a killed attempt)`,
    );
  }, 420_000);
});
