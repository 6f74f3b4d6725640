import { describe, expect, it } from 'vitest';
import { END, START, MemoryStore, graph, interrupt } from '../index.ts';
import type { GraphEvent, Instrumentation, InstrumentedRun, RunResult } from '../index.ts';

/** a → ask (interrupts once) → b, with annotations on `ask`. */
const build = (store: MemoryStore) =>
  graph<number, number>({ name: 'instr' })
    .addNode('a', (n: number) => n + 1)
    .addNode('ask', (n: number) => n + interrupt<number>('how much?'), { kind: 'approval', annotations: { team: 'ops' } })
    .addNode('b', (n: number) => n * 2)
    .addEdge(START, 'a')
    .addEdge('a', 'ask')
    .addEdge('ask', 'b')
    .addEdge('b', END)
    .compile({ store });

/** Records what it is given; keeps a value of its own in the run context. */
function recorder(types?: ReadonlySet<GraphEvent['type']>) {
  const starts: InstrumentedRun[] = [];
  const seen: string[] = [];
  const ends: RunResult<unknown, unknown>[] = [];
  const instrumentation: Instrumentation = {
    startRun(run) {
      starts.push({ ...run, context: { ...run.context } });
      run.context['trace'] ??= `trace-of-${run.runId}`;
      return {
        ...(types ? { types } : {}),
        event: (e) => seen.push(`${e.type}${'node' in e && e.node ? ` ${e.node}` : ''}`),
        end: (r) => void ends.push(r),
      };
    },
  };
  return { instrumentation, starts, seen, ends };
}

describe('instrumentation: observers of runs', () => {
  it('starts once per run with its identity and the nodes, gets the events it asked for, then the result', async () => {
    const store = new MemoryStore();
    const g = build(store);
    const rec = recorder(new Set(['node.start', 'node.end', 'interrupt', 'run.end']));
    const first = await g.run(1, { threadId: 't', instrumentation: [rec.instrumentation] });
    expect(first.status).toBe('interrupted');
    expect(rec.starts).toHaveLength(1);
    expect(rec.starts[0]).toMatchObject({ graph: 'instr', runId: first.runId, threadId: 't', resumedFrom: undefined, context: {} });
    expect(rec.starts[0]!.nodes.get('ask')).toEqual({ kind: 'approval', annotations: { team: 'ops' } });
    expect(rec.starts[0]!.nodes.get('a')).toEqual({ kind: 'lambda', annotations: {} });
    expect(rec.seen).toEqual(['node.start a', 'node.end a', 'node.start ask', 'interrupt', 'run.end']);
    expect(rec.ends).toEqual([first]);

    // What it kept in the context is saved with the thread: the resume's instrumentation finds it.
    const again = recorder();
    const done = await g.resume({ threadId: 't', resume: { 'ask#0': 10 }, instrumentation: [again.instrumentation] });
    expect(done).toMatchObject({ status: 'done', output: 24 });
    expect(again.starts[0]).toMatchObject({
      runId: done.runId,
      resumedFrom: first.checkpointId,
      context: { trace: `trace-of-${first.runId}` },
    });
    // Without `types`, every event of the resumed run, in order (no state in this graph: no state.patch).
    expect(again.seen).toEqual([
      'run.start',
      'checkpoint.write',
      'step.start',
      'node.start ask',
      'node.end ask',
      'checkpoint.write',
      'step.end',
      'step.start',
      'node.start b',
      'node.end b',
      'checkpoint.write',
      'step.end',
      'run.end',
    ]);
    expect(again.ends).toEqual([done]);
  });

  it('an instrumentation that declines a run (returns nothing) or throws leaves the run as it is', async () => {
    let asked = 0;
    const declines: Instrumentation = { startRun: () => void asked++ };
    const throwsAtStart: Instrumentation = {
      startRun: () => {
        throw new Error('broken tracer');
      },
    };
    let events = 0;
    const throwsOnEvents: Instrumentation = {
      startRun: () => ({
        event: () => {
          events++;
          throw new Error('broken exporter');
        },
        end: () => {
          throw new Error('broken at the end');
        },
      }),
    };
    const r = await build(new MemoryStore()).run(1, { threadId: 'x', instrumentation: [declines, throwsAtStart, throwsOnEvents] });
    expect(r).toMatchObject({ status: 'interrupted', interrupts: [{ id: 'ask#0' }] });
    expect(asked).toBe(1);
    expect(events).toBe(1); // dropped after its first failure
  });

  it("a resume's contextUpdate changes the saved context (an instrumentation's value stays); context replaces it", async () => {
    const store = new MemoryStore();
    const g = build(store);
    const rec = recorder();
    await g.run(1, { threadId: 'c', context: { app: 'a' }, instrumentation: [rec.instrumentation] });
    const kept = recorder();
    await g.resume({
      threadId: 'c',
      resume: { 'ask#0': 1 },
      contextUpdate: { app: 'b', more: 1 },
      instrumentation: [kept.instrumentation],
    });
    expect(kept.starts[0]!.context).toEqual({ app: 'b', more: 1, trace: expect.stringMatching(/^trace-of-/) });
    const store2 = new MemoryStore();
    await build(store2).run(1, { threadId: 'd', context: { app: 'a' }, instrumentation: [recorder().instrumentation] });
    const replaced = recorder();
    await build(store2).resume({
      threadId: 'd',
      resume: { 'ask#0': 1 },
      context: { only: true },
      instrumentation: [replaced.instrumentation],
    });
    expect(replaced.starts[0]!.context).toEqual({ only: true });
    await expect(g.resume({ threadId: 'c', context: {}, contextUpdate: {} })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses an instrumentation that is not one', () => {
    const g = build(new MemoryStore());
    expect(() => g.run(1, { instrumentation: [{}] as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('instrumentation[0] has no startRun') }),
    );
    expect(() => g.run(1, { instrumentation: {} as never })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
