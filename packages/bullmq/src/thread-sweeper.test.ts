import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunResult } from '@weft/graph';
import { readJournal, starts, stepsGraph } from '../test-support/journal-graph.ts';
import { FAST_STALLS, queueFixture } from '../test-support/queue-fixture.ts';
import { until } from '../test-support/until.ts';

describe("a worker's own sweeper", () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('sweeper')));
  afterEach(() => fx.dispose());

  it('continues a thread whose worker was killed and whose job is gone: one continuation job, the cut step runs again, the others do not', async () => {
    const leaseTtlMs = 1_000;
    const { child, exited, ready } = fx.workerProcess('crash-worker.ts', leaseTtlMs);
    try {
      await ready;
      const store = fx.store(leaseTtlMs);
      const queue = fx.queue();
      const job = await queue.run('steps', 'z', { threadId: 'swept' });
      await until(() => starts(readJournal(fx.journal), 'two').length > 0, 'the worker process to reach node two');
      child.kill('SIGKILL');
      await exited;
      // The job is lost with the worker (as when Redis loses it, or removeOnFail drops it): once its lock lapses, remove it.
      const bull = (await queue.bull.getJob(job.id))!;
      await expect
        .poll(
          () =>
            bull.remove().then(
              () => true,
              () => false,
            ),
          { timeout: 15_000, interval: 100 },
        )
        .toBe(true);
      expect((await store.get('swept'))?.status).toBe('running');

      // A worker that sweeps every ~300 ms; no job of the thread is left for it to take.
      fx.worker({ store, targets: { steps: stepsGraph(fx.journal) }, workerOptions: FAST_STALLS, sweepIntervalMs: 300 });
      await expect.poll(async () => (await store.get('swept'))?.status, { timeout: 30_000, interval: 100 }).toBe('done');

      // The job completes just after its run writes the thread's last checkpoint: wait for it, not for a turn of the clock.
      await expect
        .poll(async () => (await queue.bull.getJobs(['completed'])).map((j) => j.id), { timeout: 10_000, interval: 100 })
        .toEqual([expect.stringMatching(/^weft-continue-[0-9a-f]{32}$/)]);
      const completed = await queue.bull.getJobs(['completed']);
      const continuation = completed[0]!;
      expect(continuation.data).toMatchObject({ kind: 'resume', target: 'steps', threadId: 'swept' });
      const result = (await queue.job(continuation.id!).result()) as RunResult;
      expect(result).toMatchObject({ status: 'done', output: 'z>one>two>three' });

      // Steps, counted: `one` ran once (in the killed process), `two` was cut and ran again here, `three` once.
      const lines = readJournal(fx.journal);
      expect(starts(lines, 'one').map((l) => l.pid)).toEqual([child.pid]);
      expect(starts(lines, 'two').map((l) => l.pid)).toEqual([child.pid, process.pid]);
      expect(starts(lines, 'three').map((l) => l.pid)).toEqual([process.pid]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses a sweep interval that is not a whole number of milliseconds, and a short signing key', () => {
    const store = fx.store();
    const targets = { steps: stepsGraph(fx.journal) };
    for (const sweepIntervalMs of [-1, 1.5, Number.NaN])
      expect(() => fx.worker({ store, targets, sweepIntervalMs })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/sweepIntervalMs must be a whole number/) }),
      );
    expect(() => fx.worker({ store, targets, signingKey: 'too short' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/signingKey must be .* at least 32 bytes/) }),
    );
  });
});
