import type { GraphEvent } from '@weft/graph';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { CHAIN, chainOutput } from './fixtures/journal-graphs.ts';
import type { JournalLine } from './fixtures/journal-line.ts';
import { checkJobEvents } from './support/check-events.ts';
import { checkJournal, readJournal } from './support/check-journal.ts';
import { createHarness, sleep, within, type Harness } from './support/harness.ts';
import { services, servicesDescribe } from './support/services.ts';
import type { WorkerProcess } from './support/worker-fleet.ts';

/** BullMQ's stall limit of the workers: a job whose worker dies more often than this is failed by BullMQ. */
const MAX_STALLED = 1;

/**
 * Where each worker that takes the thread's job is killed: in the middle of
 * `fetch` twice (the second stall is past the limit), then after the tool's
 * effect, before its checkpoint. The fourth worker finishes the thread.
 */
const KILLS: readonly { ev: JournalLine['ev']; node: string }[] = [
  { ev: 'start', node: 'fetch' },
  { ev: 'start', node: 'fetch' },
  { ev: 'effect', node: 'tool' },
];

/**
 * Waits (up to `ms`) until `worker` writes a journal line of the thread that
 * matches. A job left failed in BullMQ, which no worker will ever take again
 * (what this test is about), fails the wait with its reason; a job failed for
 * stalling is expected to be put back by then.
 */
async function lineOf(h: Harness, jobId: string, worker: WorkerProcess, want: { ev: string; node: string }, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const line = readJournal(h.journal).find((l) => l.pid === worker.pid && l.ev === want.ev && l.node === want.node);
    if (line) return line;
    if (!worker.alive) throw new Error(`worker ${worker.pid} exited before its ${want.ev} of ${want.node}`);
    if (Date.now() > deadline) {
      const job = await h.bull.getJob(jobId);
      const state = await job?.getState();
      throw new Error(`worker ${worker.pid} never reached ${want.ev} of ${want.node}: job ${jobId} is ${state} (${job?.failedReason})`);
    }
    await sleep(20);
  }
}

/** BullMQ's own event stream of the queue (its `failed`, `stalled`, `waiting` … events), as field maps. */
async function queueEvents(h: Harness): Promise<Record<string, string>[]> {
  const client = await h.bull.client;
  const read = (await client.xread([{ key: h.bull.keys.events!, id: '0' }], { COUNT: 10_000 })) as [string, [string, string[]][]][] | null;
  return (read?.[0]?.[1] ?? []).map(([, fields]) =>
    Object.fromEntries(fields.flatMap((f, i) => (i % 2 === 0 ? [[f, fields[i + 1] ?? '']] : []))),
  );
}

servicesDescribe()(`a job whose worker is killed ${KILLS.length} times, with BullMQ's maxStalledCount at ${MAX_STALLED}`, () => {
  let h: Harness;
  let failed = false;

  beforeAll(async () => {
    h = await createHarness(services!, 'stalls', {
      WEFT_CONCURRENCY: '1',
      WEFT_LEASE_TTL_MS: '1000',
      WEFT_LOCK_MS: '1000',
      WEFT_STALLED_MS: '500',
      WEFT_MAX_STALLED: String(MAX_STALLED),
    });
  }, 60_000);

  afterAll(async () => h?.dispose(failed), 60_000);

  it('is continued after every death: the thread finishes, each step’s effect once per run that was not killed', async () => {
    onTestFailed(() => void (failed = true)); // keep the journal and worker logs
    const threadId = `${h.tag}-t0`;
    let worker = h.fleet.start();
    await worker.ready;
    const job = await h.queue.run('slow', 7, { threadId });

    // One worker up at a time, so the job goes to the one that is about to be killed.
    for (const at of KILLS) {
      await lineOf(h, job.id, worker, at);
      h.fleet.kill(worker);
      await worker.exited;
      worker = h.fleet.start();
      await worker.ready;
    }

    const result = await within(60_000, 'the thread’s result', job.result());
    expect(result).toMatchObject({ status: 'done', output: chainOutput(7, threadId), threadId });
    // The run's end is written just before BullMQ marks the job completed.
    await expect.poll(() => job.state(), { timeout: 10_000 }).toBe('completed');
    const bull = await h.bull.getJob(job.id);
    // BullMQ saw the job stall more often than its limit allows (each kill is one stall), failed it for that…
    expect(bull!.stalledCounter).toBeGreaterThan(MAX_STALLED);
    const failures = (await queueEvents(h)).filter((e) => e['event'] === 'failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.map((e) => [e['jobId'], e['failedReason']])).toEqual(
      failures.map(() => [job.id, 'job stalled more than allowable limit']),
    );
    // …and the job was put back and completed all the same, once.
    expect(await bull!.getState()).toBe('completed');
    expect(bull!.returnvalue).toMatchObject({ status: 'done', threadId });

    // Side effects, counted: each step ran once in every attempt that no kill cut, and again only after a kill.
    const lines = readJournal(h.journal);
    const report = checkJournal(lines, {
      threads: [threadId],
      steps: CHAIN.map((node, i) => ({ node, step: i + 1 })),
      effectNode: 'tool',
      killed: h.fleet.killedExits(),
    });
    expect(report.problems).toEqual([]);
    const count = (ev: string, node: string) => lines.filter((l) => l.ev === ev && l.node === node).length;
    // fetch: cut twice, then finished; tool: its effect made once by the killed run, once by the one that finished.
    expect([count('start', 'fetch'), count('end', 'fetch')]).toEqual([3, 1]);
    expect([count('start', 'tool'), count('effect', 'tool'), count('end', 'tool')]).toEqual([2, 2, 1]);
    expect([count('start', 'finish'), count('end', 'finish')]).toEqual([1, 1]);
    expect(report.duplicateEffects).toBe(1);
    expect(new Set(lines.filter((l) => l.ev === 'effect').map((l) => l.key))).toEqual(new Set([`${threadId}/tool/2`]));

    const events: GraphEvent[] = [];
    for await (const e of job.events()) events.push(e);
    expect(
      checkJobEvents(threadId, events, {
        steps: CHAIN.map((node, s) => ({ node, step: s + 1 })),
        status: 'done',
        output: chainOutput(7, threadId),
      }),
    ).toEqual([]);
    expect((await h.store.get(threadId))?.status).toBe('done');
    await h.fleet.stopAll();
    expect(await h.leftovers()).toEqual({});
  }, 240_000);
});
