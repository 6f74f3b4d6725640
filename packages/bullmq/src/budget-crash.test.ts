import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunResult } from '@weft/graph';
import { budgetGraph, STEP_CHARGE, STEP_RECORD } from '../test-support/budget-graph.ts';
import { ends, readJournal, starts } from '../test-support/journal-graph.ts';
import { FAST_STALLS, queueFixture } from '../test-support/queue-fixture.ts';
import { until } from '../test-support/until.ts';

describe("a thread's budget when its worker is killed in the middle of a run", () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('budget-crash')));
  afterEach(() => fx.dispose());

  it('another worker continues the job: the usage counts each completed step once, never reset, never twice', async () => {
    const { child, exited, ready } = fx.workerProcess('budget-crash-worker.ts', 1500);
    try {
      await ready;
      const store = fx.store();
      const queue = fx.queue();
      const job = await queue.run('budgeted', 'x', { threadId: 'spent' });
      // The dead worker charged `two` (in its memory only) and hangs there: that charge is in no checkpoint.
      await until(() => starts(readJournal(fx.journal), 'two').length > 0, 'the worker process to reach node two');
      child.kill('SIGKILL');
      await exited;

      const graph = budgetGraph(fx.journal, { modelCalls: 10 });
      fx.worker({ store, targets: { budgeted: graph }, workerOptions: FAST_STALLS });
      const result = (await job.result()) as RunResult;
      expect([result.status, result.output]).toEqual(['done', 'x>one>two>three']);

      const lines = readJournal(fx.journal);
      expect(starts(lines, 'one').map((l) => l.pid)).toEqual([child.pid]);
      expect(starts(lines, 'two').map((l) => l.pid)).toEqual([child.pid, process.pid]);
      expect(ends(lines, 'two').map((l) => l.pid)).toEqual([process.pid]);
      expect(starts(lines, 'three').map((l) => l.pid)).toEqual([process.pid]);
      // Three steps completed once each: the killed attempt's charge of `two` is not counted, its re-run is, once.
      const expected = {
        modelCalls: 3 * STEP_CHARGE.modelCalls,
        tokens: 3 * STEP_RECORD.tokens,
        inputTokens: 3 * STEP_RECORD.inputTokens,
        outputTokens: 3 * STEP_RECORD.outputTokens,
        costUsd: 3 * STEP_RECORD.costUsd,
        toolCalls: 0,
      };
      const { wallMs, ...counted } = result.usage;
      expect(counted).toEqual(expected);
      expect(wallMs).toBeGreaterThan(0);
      const head = await graph.withStore(store).getState('spent');
      expect({ ...head.usage, wallMs: undefined }).toEqual({ ...expected, wallMs: undefined });
      expect(head.usage?.wallMs).toBeGreaterThan(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
