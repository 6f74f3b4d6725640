import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunResult } from '@weft/graph';
import { ends, readJournal, starts, stepsGraph } from '../test-support/journal-graph.ts';
import { FAST_STALLS, queueFixture } from '../test-support/queue-fixture.ts';
import { until } from '../test-support/until.ts';

describe('multitask between worker processes', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('multitask-processes')));
  afterEach(() => fx.dispose());

  for (const multitask of ['interrupt', 'rollback'] as const)
    it(`'${multitask}': the run in another process hears the stop at its lease renewal and stops at its next step boundary; nothing runs twice`, async () => {
      const gate = join(fx.dbPath, '..', 'gate');
      const leaseTtlMs = 1_500;
      const { child, exited, ready } = fx.workerProcess('gated-worker.ts', leaseTtlMs, { WEFT_GATE: gate });
      try {
        await ready;
        const store = fx.store();
        const queue = fx.queue({ store });
        const first = await queue.run('steps', 'a', { threadId: 't' });
        await until(() => starts(readJournal(fx.journal), 'two').length > 0, 'the worker process to reach node two');
        fx.worker({ store: fx.store(), targets: { steps: stepsGraph(fx.journal) }, workerOptions: FAST_STALLS });
        const second = await queue.run('steps', 'b', { threadId: 't', multitask });
        // Marked in the store, then a renewal of the holder's lease after the mark: the process has heard it.
        await expect
          .poll(
            async () => {
              const lease = await store.threadLease('t');
              return lease?.stopRequested !== undefined && lease.expiresAt - leaseTtlMs > lease.stopRequested.at;
            },
            { timeout: 30_000, interval: 20 },
          )
          .toBe(true);
        writeFileSync(gate, '');
        const [a, b] = (await Promise.all([first.result(), second.result()])) as RunResult[];
        expect([a!.status, a!.error?.code, b!.status]).toEqual(['error', 'RUN_STOPPED', 'done']);
        expect(b!.output).toBe('b>one>two>three');
        const lines = readJournal(fx.journal);
        // a: one and two ran once each (two finished its step), three never; b: each node once.
        expect(lines.filter((l) => l.ev === 'end').map((l) => l.node)).toEqual(['one', 'two', 'one', 'two', 'three']);
        expect([starts(lines, 'one').length, starts(lines, 'two').length, starts(lines, 'three').length]).toEqual([2, 2, 1]);
        expect(ends(lines, 'two')[0]!.pid).toBe(child.pid);
        const history = [];
        for await (const c of stepsGraph(fx.journal).withStore(store).history('t')) history.unshift(c);
        const inputs = history.flatMap((c, i) => (c.source === 'input' ? [i] : []));
        expect(inputs).toHaveLength(2);
        // The second run's input checkpoint: after the stopped run's last one ('interrupt'), or a new root ('rollback').
        expect(history[inputs[1]!]!.parentId).toBe(multitask === 'interrupt' ? history[inputs[1]! - 1]!.id : null);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      }
    });

  it("'interrupt' of a run whose worker was killed: the new input runs from the thread's state, and the killed job, handed out again, ends with RUN_STOPPED instead of running over it", async () => {
    const { child, exited, ready } = fx.workerProcess('crash-worker.ts', 1500);
    try {
      await ready;
      const store = fx.store();
      const queue = fx.queue({ store });
      const killed = await queue.run('steps', 'a', { threadId: 't' });
      await until(() => starts(readJournal(fx.journal), 'two').length > 0, 'the worker process to reach node two');
      child.kill('SIGKILL');
      await exited;
      const next = await queue.run('steps', 'b', { threadId: 't', multitask: 'interrupt' });
      fx.worker({ store: fx.store(), targets: { steps: stepsGraph(fx.journal) }, workerOptions: FAST_STALLS });
      expect(((await next.result()) as RunResult).output).toBe('b>one>two>three');
      await expect(killed.result()).rejects.toMatchObject({ code: 'RUN_STOPPED' });
      const job = await queue.bull.getJob(killed.id);
      expect(await job?.getState()).toBe('failed');
      const lines = readJournal(fx.journal);
      // a: one ended, two cut by the kill and never run again; b: each node once.
      expect(lines.map((l) => `${l.ev} ${l.node} ${l.pid === child.pid ? 'killed' : 'here'}`)).toEqual([
        'start one killed',
        'end one killed',
        'start two killed',
        'start one here',
        'end one here',
        'start two here',
        'end two here',
        'start three here',
        'end three here',
      ]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
