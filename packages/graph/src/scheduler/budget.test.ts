import { pack, unpack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import type { CheckpointEntry } from '@weft/checkpoint';
import {
  END,
  START,
  MemoryStore,
  graph,
  interrupt,
  send,
  type Budget,
  type CompiledGraph,
  type DispatchBatch,
  type GraphEvent,
  type NodeContext,
  type TaskDispatcher,
  type TaskResult,
  type Usage,
} from '../index.ts';

const zero: Usage = { tokens: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, modelCalls: 0, toolCalls: 0, wallMs: 0 };
/** A usage with these counts (wallMs is compared apart: it is real time). */
const counts = (over: Partial<Usage>): Usage => ({ ...zero, wallMs: expect.any(Number) as never, ...over });

/** A "model call": charges one call before, records its tokens after. */
function callModel(ctx: { budget: NodeContext['budget'] }, tokens: number): void {
  ctx.budget.charge({ modelCalls: 1 });
  ctx.budget.record({ tokens, inputTokens: tokens - 1, outputTokens: 1, costUsd: tokens / 1000 });
}

/** a → b → c, each one model call of 10 tokens; `b` asks a person first when `ask.value`. */
function chain(store: MemoryStore | undefined, budget?: Budget, ask = { value: false }, calls: string[] = []) {
  return graph<string, string>({ name: 'chain' })
    .addNode('a', (x: string, ctx) => (calls.push('a'), callModel(ctx, 10), `${x}a`))
    .addNode('b', (x: string, ctx) => {
      calls.push('b');
      if (ask.value) interrupt({ approve: true });
      callModel(ctx, 10);
      return `${x}b`;
    })
    .addNode('c', (x: string, ctx) => (calls.push('c'), callModel(ctx, 10), `${x}c`))
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('c', END)
    .compile({ ...(store ? { store } : {}), ...(budget ? { budget } : {}) });
}

async function usages(g: AsyncIterable<GraphEvent>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const e of g) if (e.type === 'step.end') out.push(e.usage);
  return out;
}

async function heads(store: MemoryStore, compiled: CompiledGraph<any, any, any, any>, threadId: string) {
  const out: { source: string; status: string; usage: Usage | undefined }[] = [];
  for await (const c of compiled.history(threadId)) out.push({ source: c.source, status: c.status, usage: c.usage });
  return out.reverse();
}

describe('budgets: definition', () => {
  const bad: [string, unknown][] = [
    ['0', { tokens: 0 }],
    ['negative', { costUsd: -1 }],
    ['NaN', { modelCalls: Number.NaN }],
    ['Infinity', { wallMs: Infinity }],
    ['a string', { toolCalls: '3' }],
    ['an unknown key', { steps: 3 }],
    ['a bad onExceeded', { tokens: 5, onExceeded: 'ignore' }],
    ['not an object', 5],
  ];
  it.each(bad)('%s is BUDGET_INVALID at compile(), run() and resume(), before anything is written', async (_, budget) => {
    const store = new MemoryStore();
    expect(() => chain(store, budget as Budget)).toThrow(expect.objectContaining({ code: 'BUDGET_INVALID' }));
    const g = chain(store);
    expect(() => g.run('x', { threadId: 't', budget: budget as Budget })).toThrow(expect.objectContaining({ code: 'BUDGET_INVALID' }));
    await expect(g.resume({ threadId: 't', budget: budget as Budget })).rejects.toMatchObject({ code: 'BUDGET_INVALID' });
    expect(await store.list('t')).toEqual([]);
  });
});

describe('budgets: counting', () => {
  it('a graph with no budget that charges nothing: no usage on events or checkpoints, a zero RunResult.usage', async () => {
    const store = new MemoryStore();
    const g = graph<string, string>({ name: 'plain' })
      .addNode('a', (x: string) => x)
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile({ store });
    const run = g.run('x', { threadId: 't' });
    expect(await usages(run)).toEqual([undefined]);
    expect((await run).usage).toEqual(counts({}));
    expect((await heads(store, g, 't')).map((h) => h.usage)).toEqual([undefined, undefined]);
  });

  it('charges and records reach step.end events, each checkpoint and RunResult.usage', async () => {
    const store = new MemoryStore();
    const g = chain(store);
    const run = g.run('x', { threadId: 't' });
    const events = await usages(run);
    const step = (n: number) => ({
      used: counts({ modelCalls: n, tokens: 10 * n, inputTokens: 9 * n, outputTokens: n, costUsd: n / 100 }),
    });
    expect(events).toEqual([step(1), step(2), step(3)]);
    const res = await run;
    expect(res.usage).toEqual(step(3).used);
    expect((await heads(store, g, 't')).map((h) => h.usage?.modelCalls)).toEqual([undefined, 1, 2, 3]);
  });

  it('a budget on the run adds budget and remaining to step.end', async () => {
    const run = chain(undefined).run('x', { budget: { modelCalls: 5, tokens: 100 } });
    const events = (await usages(run)) as { budget: Budget; remaining: Budget }[];
    expect(events.map((e) => [e.budget, e.remaining])).toEqual([
      [
        { modelCalls: 5, tokens: 100 },
        { modelCalls: 4, tokens: 90 },
      ],
      [
        { modelCalls: 5, tokens: 100 },
        { modelCalls: 3, tokens: 80 },
      ],
      [
        { modelCalls: 5, tokens: 100 },
        { modelCalls: 2, tokens: 70 },
      ],
    ]);
  });
});

describe("budgets: onExceeded 'error'", () => {
  it('a charge that would cross a count limit fails the run with BUDGET_EXCEEDED; the node did not spend', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const res = await chain(store, { modelCalls: 2 }, undefined, calls).run('x', { threadId: 't' });
    expect(res.status).toBe('error');
    expect(res.error).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      details: {
        budget: { modelCalls: 2 },
        used: counts({ modelCalls: 2, tokens: 20, inputTokens: 18, outputTokens: 2, costUsd: 0.02 }),
        exceeded: ['modelCalls'],
      },
    });
    expect(res.error?.message).toMatch(/modelCalls 2 of 2.*resume\(\{ budget \}\)/);
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(res.usage.modelCalls).toBe(2);
  });

  it('a larger budget on resume continues the same count (retry after the error checkpoint)', async () => {
    const store = new MemoryStore();
    const g = chain(store, { modelCalls: 2 });
    expect((await g.run('x', { threadId: 't' })).status).toBe('error');
    const res = await g.resume({ threadId: 't', budget: { modelCalls: 3 } });
    expect([res.status, res.output, res.usage.modelCalls, res.usage.tokens]).toEqual(['done', 'xabc', 3, 30]);
    const last = await g.getState('t');
    expect([last.usage?.modelCalls, last.budget]).toEqual([3, { modelCalls: 3 }]);
  });

  it('a tokens limit already reached stops the next node before it runs, in a graph that charges only records', async () => {
    const calls: string[] = [];
    const g = graph<string, string>({ name: 'g' })
      .addNode('a', (x: string, ctx) => (calls.push('a'), ctx.budget.record({ tokens: 60 }), x))
      .addNode('b', (x: string, ctx) => (calls.push('b'), ctx.budget.record({ tokens: 60 }), x))
      .addNode('c', (x: string) => (calls.push('c'), x))
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', 'c')
      .addEdge('c', END)
      .compile({ budget: { tokens: 100 } });
    const res = await g.run('x');
    expect([res.status, res.error?.code, calls, res.usage.tokens]).toEqual(['error', 'BUDGET_EXCEEDED', ['a', 'b'], 120]);
  });

  it('a wallMs budget stops a plain graph that charges nothing', async () => {
    let turns = 0;
    const g = graph<number, number>({ name: 'loop' })
      .addNode('tick', async (n: number) => (turns++, await new Promise((r) => setTimeout(r, 5)), n + 1))
      .addEdge(START, 'tick')
      .addBranch('tick', (n) => (n < 1_000 ? 'tick' : END), ['tick', END])
      .compile({ budget: { wallMs: 20 }, maxSteps: 2_000 });
    const res = await g.run(0);
    expect(res.error).toMatchObject({ code: 'BUDGET_EXCEEDED', details: { exceeded: ['wallMs'] } });
    expect(turns).toBeLessThan(1_000);
    expect(res.usage.wallMs).toBeGreaterThanOrEqual(20);
  });
});

describe('budgets: durable across interrupt, resume, fork and crash', () => {
  it('interrupt + resume: the count continues from the interrupted checkpoint', async () => {
    const store = new MemoryStore();
    const ask = { value: true };
    const g = chain(store, undefined, ask);
    const first = await g.run('x', { threadId: 't' });
    expect([first.status, first.usage.modelCalls]).toEqual(['interrupted', 1]);
    ask.value = false;
    const done = await g.resume({ threadId: 't', resume: { [first.interrupts[0]!.id]: true } });
    expect([done.status, done.usage.modelCalls, done.usage.tokens]).toEqual(['done', 3, 30]);
    expect((await heads(store, g, 't')).map((h) => `${h.source}:${h.status}:${h.usage?.modelCalls}`)).toEqual([
      'input:running:undefined',
      'step:running:1',
      'step:interrupted:1',
      'resume:running:1',
      'step:running:2',
      'step:done:3',
    ]);
  });

  it("a fork from an earlier checkpoint has that checkpoint's count, not the later branch's", async () => {
    const store = new MemoryStore();
    const g = chain(store);
    await g.run('x', { threadId: 't' });
    const afterA = (await heads(store, g, 't'))[1]!;
    expect(afterA.usage?.modelCalls).toBe(1);
    let id = '';
    for await (const c of g.history('t')) if (c.step === 1) id = c.id;
    const fork = await g.resume({ threadId: 't', checkpointId: id, fork: true, goto: 'b', input: 'y' });
    expect([fork.status, fork.output, fork.usage.modelCalls]).toEqual(['done', 'ybc', 3]);
  });

  it('a step whose checkpoint was never stored (a put that fails) is counted once, by its re-run', async () => {
    class FlakyStore extends MemoryStore {
      failAt = 3;
      override putSync(entry: CheckpointEntry): void {
        if (entry.seq === this.failAt) {
          this.failAt = -1;
          throw new Error('disk full');
        }
        super.putSync(entry);
      }
    }
    const store = new FlakyStore();
    const calls: string[] = [];
    const g = chain(store, undefined, undefined, calls);
    const failed = await g.run('x', { threadId: 't' });
    expect(failed.status).toBe('error');
    // b ran and spent (2 calls in memory), but its checkpoint is lost: the head still says 1.
    expect([failed.usage.modelCalls, (await g.getState('t')).usage?.modelCalls]).toEqual([2, 1]);
    const done = await g.resume({ threadId: 't' });
    expect(calls).toEqual(['a', 'b', 'b', 'c']);
    expect([done.status, done.usage.modelCalls]).toEqual(['done', 3]);
  });

  it('finished siblings of an interrupted step are kept as pending and not counted again on resume', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = graph<string[], string[]>({ name: 'fan' })
      .addNode('work', (job: string, ctx) => {
        calls.push(job);
        callModel(ctx, 10);
        if (job === 'b') interrupt({ job });
        return [job];
      })
      .addNode('join', (xs: string[]) => xs)
      .addBranch(START, (jobs: string[]) => jobs.map((j) => send('work', j, j)), ['work'])
      .addEdge('work', 'join')
      .addEdge('join', END)
      .compile({ store });
    const first = await g.run(['a', 'b', 'c'], { threadId: 't' });
    expect([first.status, first.usage.modelCalls]).toEqual(['interrupted', 3]);
    const done = await g.resume({ threadId: 't', resume: { [first.interrupts[0]!.id]: 'ok' } });
    // Only b runs again (its one call before the interrupt runs again too): a and c are not counted twice.
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
    expect([done.status, done.error?.message, done.usage.modelCalls]).toEqual(['done', undefined, 4]);
  });

  it("a subgraph's charges reach the root's count and checkpoints", async () => {
    const store = new MemoryStore();
    const inner = graph<string, string>({ name: 'inner' })
      .addNode('think', (x: string, ctx) => (callModel(ctx, 5), ctx.budget.charge({ toolCalls: 1 }), x))
      .addEdge(START, 'think')
      .addEdge('think', END)
      .compile();
    const outer = graph<string, string>({ name: 'outer' })
      .addNode('first', (x: string, ctx) => (callModel(ctx, 10), x))
      .addNode('sub', inner)
      .addEdge(START, 'first')
      .addEdge('first', 'sub')
      .addEdge('sub', END)
      .compile({ store });
    const res = await outer.run('x', { threadId: 't', budget: { toolCalls: 5 } });
    expect(res.usage).toEqual(counts({ modelCalls: 2, toolCalls: 1, tokens: 15, inputTokens: 13, outputTokens: 2, costUsd: 0.015 }));
    // The head's running time is the one at its write; the result's, at the run's end.
    expect((await outer.getState('t')).usage).toEqual({ ...res.usage, wallMs: expect.any(Number) });
  });
});

describe("budgets: onExceeded 'interrupt'", () => {
  it('interrupts the charging node with the budget and usage; { extend } adds to the limit and is kept in the next checkpoints', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = chain(store, { modelCalls: 2, onExceeded: 'interrupt' }, undefined, calls);
    const first = await g.run('x', { threadId: 't' });
    expect(first.status).toBe('interrupted');
    const [pending] = first.interrupts;
    expect(pending).toMatchObject({
      id: 'c#0',
      info: {
        type: 'budget',
        budget: { modelCalls: 2, onExceeded: 'interrupt' },
        used: counts({ modelCalls: 2, tokens: 20, inputTokens: 18, outputTokens: 2, costUsd: 0.02 }),
        exceeded: ['modelCalls'],
      },
      resumeSchema: { oneOf: expect.any(Array) },
    });
    // A value the schema refuses: RESUME_INVALID, and the thread still waits.
    await expect(g.resume({ threadId: 't', resume: { 'c#0': { extend: { modelCalls: -1 } } } })).rejects.toMatchObject({
      code: 'RESUME_INVALID',
    });
    const done = await g.resume({ threadId: 't', resume: { 'c#0': { extend: { modelCalls: 1 } } } });
    expect([done.status, done.output, done.usage.modelCalls]).toEqual(['done', 'xabc', 3]);
    expect(calls).toEqual(['a', 'b', 'c', 'c']);
    expect((await g.getState('t')).budget).toEqual({ modelCalls: 3, onExceeded: 'interrupt' });
  });

  it('{ budget } replaces the limits it names; { stop: true } ends the run with BUDGET_EXCEEDED', async () => {
    const store = new MemoryStore();
    const g = chain(store, { modelCalls: 1, tokens: 1_000, onExceeded: 'interrupt' });
    const first = await g.run('x', { threadId: 't' });
    const second = await g.resume({ threadId: 't', resume: { [first.interrupts[0]!.id]: { budget: { modelCalls: 2 } } } });
    expect(second.interrupts[0]?.info).toMatchObject({ budget: { modelCalls: 2, tokens: 1_000 }, exceeded: ['modelCalls'] });
    const stopped = await g.resume({ threadId: 't', resume: { [second.interrupts[0]!.id]: { stop: true } } });
    expect([stopped.status, stopped.error?.code, stopped.usage.modelCalls]).toEqual(['error', 'BUDGET_EXCEEDED', 2]);
  });
});

describe('budgets: a budget interrupt and a later interrupt in the same node', () => {
  it('the node runs again after the later one: the budget answer is taken in its place, not applied twice, and the later one keeps its answer', async () => {
    const store = new MemoryStore();
    const answers: unknown[] = [];
    const g = graph<string, string>({ name: 'g' })
      .addNode('a', (x: string, ctx) => (callModel(ctx, 10), x))
      .addNode('work', (x: string, ctx) => {
        callModel(ctx, 10);
        const approved = interrupt<string>({ ask: 'approve?' });
        answers.push(approved);
        return `${x}:${approved}`;
      })
      .addEdge(START, 'a')
      .addEdge('a', 'work')
      .addEdge('work', END)
      .compile({ store, budget: { modelCalls: 1, onExceeded: 'interrupt' } });
    const first = await g.run('x', { threadId: 't' });
    expect(first.interrupts.map((i) => [i.id, (i.info as { type?: string }).type])).toEqual([['work#0', 'budget']]);
    const second = await g.resume({ threadId: 't', resume: { 'work#0': { extend: { modelCalls: 5 } } } });
    expect(second.interrupts.map((i) => [i.id, i.info])).toEqual([['work#1', { ask: 'approve?' }]]);
    expect((await g.getState('t')).budget).toEqual({ modelCalls: 6, onExceeded: 'interrupt' });
    const done = await g.resume({ threadId: 't', resume: { 'work#1': 'yes' } });
    expect([done.status, done.output, answers]).toEqual(['done', 'x:yes', ['yes']]);
    // a once, work once before its interrupt and once more when it ran again; the extension applied once.
    expect([done.usage.modelCalls, (await g.getState('t')).budget]).toEqual([3, { modelCalls: 6, onExceeded: 'interrupt' }]);
  });
});

describe('budgets: distributed tasks', () => {
  it('a task run by another process charges the run with what it counted there', async () => {
    const build = (store?: MemoryStore) =>
      graph<string[], string[]>({ name: 'map' })
        .addNode('work', (job: string, ctx) => (callModel(ctx, 10), [job]), { distribute: true })
        .addNode('join', (xs: string[]) => xs)
        .addBranch(START, (jobs: string[]) => jobs.map((j) => send('work', j, j)), ['work'])
        .addEdge('work', 'join')
        .addEdge('join', END)
        .compile(store ? { store } : {});
    const remote = build();
    const batches: DispatchBatch[] = [];
    const dispatcher: TaskDispatcher = {
      async dispatch(batch) {
        batches.push(batch);
        const { tasks, ...base } = unpack(pack(batch)) as DispatchBatch;
        return Promise.all(tasks.map(async (task) => unpack(pack(await remote.runTask({ ...base, task }))) as TaskResult));
      },
    };
    const store = new MemoryStore();
    const res = await build(store).run(['a', 'b'], { threadId: 't', dispatcher, budget: { modelCalls: 10 } });
    expect([res.status, res.error?.message, res.usage.modelCalls, res.usage.tokens]).toEqual(['done', undefined, 2, 20]);
    expect(batches[0]).toMatchObject({ budget: { modelCalls: 10 }, usage: counts({}) });
    expect((await build(store).getState('t')).usage?.modelCalls).toBe(2);
  });

  it("a budget interrupt answered where the task runs changes the run's budget, kept in its checkpoints", async () => {
    const build = (store?: MemoryStore) =>
      graph<string, string>({ name: 'one' })
        .addNode('first', (x: string, ctx) => (callModel(ctx, 10), x))
        .addNode('work', (x: string, ctx) => (callModel(ctx, 10), `${x}!`), { distribute: true })
        .addEdge(START, 'first')
        .addEdge('first', 'work')
        .addEdge('work', END)
        .compile({ ...(store ? { store } : {}), budget: { modelCalls: 1, onExceeded: 'interrupt' } });
    const remote = build();
    const dispatcher: TaskDispatcher = {
      async dispatch(batch) {
        const { tasks, ...base } = unpack(pack(batch)) as DispatchBatch;
        return Promise.all(tasks.map(async (task) => unpack(pack(await remote.runTask({ ...base, task }))) as TaskResult));
      },
    };
    const store = new MemoryStore();
    const g = build(store);
    const paused = await g.run('x', { threadId: 't', dispatcher });
    expect(paused.interrupts.map((i) => i.id)).toEqual(['work#0']);
    const done = await g.resume({ threadId: 't', dispatcher, resume: { 'work#0': { extend: { modelCalls: 2 } } } });
    expect([done.status, done.output, done.usage.modelCalls]).toEqual(['done', 'x!', 2]);
    expect((await g.getState('t')).budget).toEqual({ modelCalls: 3, onExceeded: 'interrupt' });
  });
});
