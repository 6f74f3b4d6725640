import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { CHAIN, chainOutput } from './fixtures/journal-graphs.ts';
import type { JournalLine } from './fixtures/journal-line.ts';
import { readJournal } from './support/check-journal.ts';
import { createHarness, enqueueChains, mapLimit, sleep, within, type ChainJob, type Harness } from './support/harness.ts';
import { services, servicesDescribe } from './support/services.ts';
import { TcpCut } from './support/tcp-cut.ts';

const WORKERS = 2;
const BEFORE = 30;
const AFTER = 10;
const DOWN_MS = 2_000;

/**
 * Per thread: every step ran; a step ran again only if an earlier run of it
 * started before the store came back (the outage cut it after its work, before
 * its checkpoint); no two runs of a thread overlapped; each effect carries its
 * step's key.
 */
function checkOutageJournal(
  lines: readonly JournalLine[],
  threads: readonly string[],
  restoredAt: number,
): { problems: string[]; repeats: number } {
  const problems: string[] = [];
  let repeats = 0;
  for (const threadId of threads) {
    const mine = lines.filter((l) => l.threadId === threadId);
    for (const [i, node] of CHAIN.entries()) {
      const starts = mine.filter((l) => l.ev === 'start' && l.node === node && l.step === i + 1);
      if (starts.length === 0) problems.push(`${threadId}: ${node} never ran`);
      repeats += Math.max(0, starts.length - 1);
      if (starts.slice(0, -1).some((s) => s.t > restoredAt)) problems.push(`${threadId}: ${node} ran again after the store was back`);
    }
    if (mine.some((l) => l.key !== `${threadId}/${l.node}/${l.step}`)) problems.push(`${threadId}: a line with another key`);
    // One runner at a time: lines alternate start, (effect), end.
    let open: JournalLine | undefined;
    for (const l of mine.filter((x) => x.ev !== 'effect').sort((a, b) => a.t - b.t)) {
      if (l.ev === 'start' && open) problems.push(`${threadId}: ${l.node} started while ${open.node} ran`);
      open = l.ev === 'start' ? l : undefined;
    }
  }
  return { problems, repeats };
}

/** Resolves once the journal shows a node that started and has not ended (rejects after `ms`). */
async function nodeRunning(journal: string, ms: number): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const lines = readJournal(journal);
    const ended = new Set(lines.filter((l) => l.ev === 'end').map((l) => l.key));
    if (lines.some((l) => l.ev === 'start' && !ended.has(l.key))) return;
    await sleep(10);
  }
  throw new Error(`no node was running within ${ms} ms of the first jobs`);
}

servicesDescribe()(`PostgreSQL cut for ${DOWN_MS} ms under ${WORKERS} worker processes running ${BEFORE + AFTER} threads`, () => {
  let h: Harness;
  let relay: TcpCut;
  let failed = false;

  beforeAll(async () => {
    const pg = new URL(services!.pgUrl);
    relay = await TcpCut.start({ host: pg.hostname, port: Number(pg.port || 5432) });
    const through = new URL(services!.pgUrl);
    through.port = String(relay.port);
    // The workers reach PostgreSQL through the relay; the test's own store (schema, checks) goes direct.
    h = await createHarness(services!, 'pg_outage', {
      WEFT_CONCURRENCY: '4',
      WEFT_LEASE_TTL_MS: '2000',
      WEFT_LOCK_MS: '1500',
      WEFT_STALLED_MS: '1000',
      WEFT_PG_URL: through.toString(),
    });
    await Promise.all(Array.from({ length: WORKERS }, () => h.fleet.start().ready));
  }, 60_000);

  afterAll(async () => {
    await h?.dispose(failed);
    await relay?.dispose();
  }, 60_000);

  it('runs cut by the outage continue from their last checkpoint once it is back; every thread finishes once', async () => {
    onTestFailed(() => void (failed = true));
    const jobs: ChainJob[] = [];
    const enqueue = (count: number) => enqueueChains(h, jobs, count);
    await enqueue(BEFORE);
    // Cut while a node is running (some threads done, some running, some waiting): a fixed pause missed every run on a busy machine.
    await nodeRunning(h.journal, 60_000);
    await relay.cut();
    await sleep(DOWN_MS);
    await relay.restore();
    const restoredAt = performance.timeOrigin + performance.now();
    await enqueue(AFTER);

    const results = await within(
      90_000,
      'the results',
      mapLimit(jobs, 16, ({ job }) => job.result()),
    );
    expect(results.map((r, i) => [jobs[i]!.threadId, r.status, r.status === 'done' ? r.output : r])).toEqual(
      jobs.map(({ threadId, n }) => [threadId, 'done', chainOutput(n, threadId)]),
    );
    expect(await h.drained(20_000)).toEqual({});
    // No worker died: the same two processes did all the work.
    expect(h.fleet.all.map((w) => w.alive)).toEqual([true, true]);

    const report = checkOutageJournal(
      readJournal(h.journal),
      jobs.map((j) => j.threadId),
      restoredAt,
    );
    expect(report.problems).toEqual([]);
    // The outage cut runs (their jobs were retried): some with a second attempt in their stream.
    const attempts = await mapLimit(jobs, 8, async ({ job }) => (await h.bull.getJob(job.id))?.attemptsMade ?? 0);
    const retried = attempts.filter((a) => a > 1).length;
    expect(retried).toBeGreaterThan(0);
    console.log(`store outage: ${retried} of ${jobs.length} jobs retried, ${report.repeats} steps run again (each cut by the outage)`);
    expect((await h.fleet.stopAll()).map((e) => e.code)).toEqual([0, 0]);
  }, 180_000);
});
