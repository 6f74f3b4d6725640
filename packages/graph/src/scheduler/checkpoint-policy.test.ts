import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, MemoryStore, type CheckpointPolicy, type GraphEvent } from '../index.ts';

interface S {
  log: string[];
}

/**
 * START → a → b → ask → c → END. Every node appends its name with a recipe;
 * `ask` interrupts, then appends the answer; `c` fails while `broken` is set.
 * `calls` counts every node execution (the side effects).
 */
function pipeline(store: MemoryStore, calls: string[], checkpoints?: CheckpointPolicy, broken = { value: false }) {
  const step = (name: string) => (x: string, ctx: { update: (r: (s: S) => void) => void }) => {
    calls.push(name);
    ctx.update((s) => void s.log.push(name));
    return `${x}>${name}`;
  };
  return graph<string, string, S>({ name: 'policy', state: () => ({ log: [] }) })
    .addNode('a', step('a'))
    .addNode('b', step('b'))
    .addNode('ask', (x: string, ctx) => {
      calls.push('ask');
      const answer = interrupt<string>('go on?');
      ctx.update((s) => void s.log.push(`ask:${answer}`));
      return `${x}>ask`;
    })
    .addNode('c', (x: string, ctx) => {
      calls.push('c');
      if (broken.value) throw new Error('c is down');
      ctx.update((s) => void s.log.push('c'));
      return `${x}>c`;
    })
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'ask')
    .addEdge('ask', 'c')
    .addEdge('c', END)
    .compile({ store, ...(checkpoints ? { checkpoints } : {}) });
}

async function written(events: AsyncIterable<GraphEvent>): Promise<number[]> {
  const seqs: number[] = [];
  for await (const e of events) if (e.type === 'checkpoint.write') seqs.push(e.seq);
  return seqs;
}

async function historyOf(g: ReturnType<typeof pipeline>, threadId: string) {
  const out: { seq: number; step: number; status: string; source: string; log: string[] }[] = [];
  for await (const c of g.history(threadId)) out.push({ seq: c.seq, step: c.step, status: c.status, source: c.source, log: c.state.log });
  return out.reverse();
}

describe("checkpoints: 'on-exit'", () => {
  it('writes the run’s first checkpoint and one where it stops, with the same states and results as every step', async () => {
    const runBoth = async (policy: CheckpointPolicy) => {
      const store = new MemoryStore();
      const calls: string[] = [];
      const g = pipeline(store, calls, policy);
      const first = g.run('in', { threadId: 't' });
      const [paused, seqs1] = await Promise.all([first, written(first)]);
      expect(paused.status).toBe('interrupted');
      const second = g.resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: 'yes' } });
      const [done, seqs2] = await Promise.all([second, written(second)]);
      return { paused, done, seqs: [...seqs1, ...seqs2], history: await historyOf(g, 't'), calls, lastId: (await g.getState('t')).id };
    };
    const every = await runBoth('every-step');
    const exit = await runBoth('on-exit');
    expect(exit.done.status).toBe('done');
    expect(exit.done.output).toBe(every.done.output);
    expect(exit.done.state).toEqual({ log: ['a', 'b', 'ask:yes', 'c'] });
    expect(exit.done.state).toEqual(every.done.state);
    expect(exit.calls).toEqual(every.calls);
    expect(exit.calls).toEqual(['a', 'b', 'ask', 'ask', 'c']);
    expect(every.seqs).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(exit.seqs).toEqual([1, 2, 3, 4]);
    expect(exit.history).toEqual([
      { seq: 1, step: 0, status: 'running', source: 'input', log: [] },
      { seq: 2, step: 2, status: 'interrupted', source: 'step', log: ['a', 'b'] },
      { seq: 3, step: 2, status: 'running', source: 'resume', log: ['a', 'b'] },
      { seq: 4, step: 4, status: 'done', source: 'step', log: ['a', 'b', 'ask:yes', 'c'] },
    ]);
    // Where it stops, it stores what every step stores at the same place.
    const same = (h: typeof every.history, status: string) => h.filter((c) => c.status === status).map(({ seq: _, ...c }) => c);
    expect(same(exit.history, 'interrupted')).toEqual(same(every.history, 'interrupted'));
    expect(same(exit.history, 'done')).toEqual(same(every.history, 'done'));
    expect(exit.done.checkpointId).toBe(exit.lastId);
  });

  it('keeps the finished steps of a failed run in its error checkpoint: the resume runs only the failed node again', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const broken = { value: true };
    const g = pipeline(store, calls, 'on-exit', broken);
    const paused = await g.run('in', { threadId: 't' });
    const failed = await g.resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: 'ok' } });
    expect(failed.status).toBe('error');
    expect(failed.error?.message).toContain('c is down');
    const history = await historyOf(g, 't');
    expect(history.map((c) => [c.seq, c.status, c.log])).toEqual([
      [1, 'running', []],
      [2, 'interrupted', ['a', 'b']],
      [3, 'running', ['a', 'b']],
      [4, 'error', ['a', 'b', 'ask:ok']],
    ]);
    broken.value = false;
    const done = await g.resume({ threadId: 't' });
    expect(done.status).toBe('done');
    expect(done.state).toEqual({ log: ['a', 'b', 'ask:ok', 'c'] });
    expect(calls).toEqual(['a', 'b', 'ask', 'ask', 'c', 'c']);
  });

  it('carries many steps’ patches in one checkpoint that loads the same state, across the snapshot policy', async () => {
    const store = new MemoryStore();
    let b = graph<number, number, { n: number; seen: number[] }>({ name: 'long', state: () => ({ n: 0, seen: [] }) });
    for (let i = 0; i < 40; i++)
      b = b.addNode(`n${i}`, (x: number, ctx) => {
        ctx.update((s) => {
          s.n += 1;
          s.seen.push(i);
        });
        return x + 1;
      });
    b = b.addEdge(START, 'n0');
    for (let i = 1; i < 40; i++) b = b.addEdge(`n${i - 1}`, `n${i}`);
    const g = b.addEdge('n39', END).compile({ store, snapshotEvery: 3, checkpoints: 'on-exit' });
    const res = await g.run(0, { threadId: 'long' });
    expect(res.output).toBe(40);
    expect((await store.list('long')).length).toBe(2);
    const loaded = await g.withStore(store).getState('long');
    expect(loaded.state).toEqual({ n: 40, seen: Array.from({ length: 40 }, (_, i) => i) });
    // The next run of the thread continues from it.
    const again = await g.run(0, { threadId: 'long' });
    expect(again.state.n).toBe(80);
  });

  it('is chosen per run over the graph’s choice, both ways', async () => {
    const count = async (compiled?: CheckpointPolicy, run?: CheckpointPolicy) => {
      const store = new MemoryStore();
      const g = pipeline(store, [], compiled);
      await g.run('in', { threadId: 't', ...(run ? { checkpoints: run } : {}) });
      return (await store.list('t')).length;
    };
    expect(await count()).toBe(4);
    expect(await count('on-exit')).toBe(2);
    expect(await count('on-exit', 'every-step')).toBe(4);
    expect(await count('every-step', 'on-exit')).toBe(2);
  });

  it('refuses an unknown choice with INVALID_ARGUMENT, at compile, run and resume', async () => {
    const store = new MemoryStore();
    expect(() => pipeline(store, [], 'sometimes' as CheckpointPolicy)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining("checkpoints must be 'every-step' or 'on-exit'"),
      }),
    );
    const g = pipeline(store, []);
    expect(() => g.run('in', { threadId: 't', checkpoints: 'never' as CheckpointPolicy })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    const paused = await g.run('in', { threadId: 't' });
    await expect(
      g.resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: 'x' }, checkpoints: 'x' as CheckpointPolicy }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((await store.list('t')).length).toBe(4); // input, a, b, the interrupt: the refused resume wrote nothing
  });
});

describe("checkpoints: 'on-exit' and maxSteps", () => {
  it('a run stopped by maxSteps leaves the checkpoint every step would have left last: the resume goes on without repeating a step', async () => {
    const once = async (checkpoints: CheckpointPolicy) => {
      const store = new MemoryStore();
      const calls: number[] = [];
      const g = graph<number, number, { seen: number[] }>({ name: 'loop', state: () => ({ seen: [] }) })
        .addNode('inc', (n: number, ctx) => {
          calls.push(n);
          ctx.update((s) => void s.seen.push(n));
          return n + 1;
        })
        .addEdge(START, 'inc')
        .addBranch('inc', (n) => (n < 5 ? 'inc' : END), ['inc', END])
        .compile({ store, maxSteps: 3, checkpoints });
      const stopped = await g.run(0, { threadId: 't' });
      const head = await g.getState('t');
      const done = await g.resume({ threadId: 't' });
      return { stopped, head: [head.status, head.step, head.state, head.frontier], done, calls, count: (await store.list('t')).length };
    };
    const every = await once('every-step');
    const exit = await once('on-exit');
    expect(exit.stopped.error?.code).toBe('MAX_STEPS_EXCEEDED');
    expect(exit.head).toEqual(every.head);
    expect(exit.head).toEqual(['running', 3, { seen: [0, 1, 2] }, [{ node: 'inc', input: 3 }]]);
    expect([exit.done.status, exit.done.output, exit.done.state]).toEqual(['done', 5, { seen: [0, 1, 2, 3, 4] }]);
    expect(exit.calls).toEqual([0, 1, 2, 3, 4]);
    expect(every.calls).toEqual(exit.calls);
    // input, the held steps at the stop; resume, then the end.
    expect(exit.count).toBe(4);
  });
});
