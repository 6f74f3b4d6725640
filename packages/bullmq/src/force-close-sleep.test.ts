import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GraphEvent, RunResult } from '@weft/graph';
import { ends, readJournal, stepsGraph } from '../test-support/journal-graph.ts';
import { until } from '../test-support/until.ts';
import { FAST_STALLS, queueFixture } from '../test-support/queue-fixture.ts';

describe('a job whose worker is closed with force while a node ignores the cancellation', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('force-sleep')));
  afterEach(() => fx.dispose());

  it('another worker takes the job over; the node that went on in the closed worker ends later and writes nothing', async () => {
    let entered!: () => void;
    const inTwo = new Promise<void>((r) => (entered = r));
    // `two` on A sleeps through the cancellation: the run goes on in A's process after the close.
    const sleepy = async () => {
      entered();
      await new Promise((r) => setTimeout(r, 1_500));
    };
    const a = fx.worker({
      store: fx.store(),
      targets: { steps: stepsGraph(fx.journal, { hold: { two: sleepy } }) },
      workerOptions: FAST_STALLS,
      leaseTtlMs: 600,
    });
    const queue = fx.queue();
    const job = await queue.run('steps', 'x', { threadId: 'forced' });
    await inTwo;
    await a.close({ force: true });
    fx.worker({ store: fx.store(), targets: { steps: stepsGraph(fx.journal) }, workerOptions: FAST_STALLS, leaseTtlMs: 600 });
    const result = (await job.result()) as RunResult;
    expect(result.status === 'done' && result.output).toBe('x>one>two>three');
    const events: GraphEvent[] = [];
    for await (const e of job.events()) events.push(e as GraphEvent);
    expect(events.filter((e) => e.type === 'run.end')).toEqual([expect.objectContaining({ status: 'done' })]);
    const store = fx.store();
    const head = await store.get('forced');
    expect(head).toMatchObject({ status: 'done' });
    const written = (await store.list('forced')).length;

    // A's `two` was left running by the forced close: when it ends, its run is long over and may write nothing.
    await until(() => ends(readJournal(fx.journal), 'two').length === 2, 'the closed worker’s node to end');
    await new Promise((r) => setTimeout(r, 300));
    const lines = readJournal(fx.journal);
    expect(lines.map((l) => `${l.ev}:${l.node}`)).toEqual([
      'start:one',
      'end:one',
      'start:two', // A
      'start:two', // B, after the stalled-job check
      'end:two', // B
      'start:three',
      'end:three',
      'end:two', // A's, after the run it belonged to ended
    ]);
    expect(await store.get('forced')).toMatchObject({ id: head!.id, seq: head!.seq, status: 'done' });
    expect((await store.list('forced')).length).toBe(written);
  }, 40_000);
});
