import { pack, unpack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { END, START, MemoryStore, graph, interrupt, send } from '../index.ts';
import type { CompiledGraph, DispatchBatch, GraphEvent, TaskDispatcher, TaskResult } from '../index.ts';
import { collect, trace } from '../../test/support/collect.ts';

interface Job {
  id: string;
  n: number;
}
type Where = 'local' | 'remote';
interface Calls {
  list: string[];
}

/**
 * plan → one `work` task per job (a map step, `work` distributed) beside a
 * local `audit` node → `collect` joins. Every call records where it ran:
 * the dispatcher below runs `work` through a second copy of the graph.
 */
function mapGraph(store: MemoryStore | undefined, calls: Calls, where: Where, opts: { ask?: string; fail?: string } = {}) {
  return graph<Job[], string[], { done: string[]; audited: number }>({ name: 'map', state: () => ({ done: [], audited: 0 }) })
    .addNode('plan', (jobs: Job[]) => jobs)
    .addNode(
      'work',
      (job: Job, ctx) => {
        calls.list.push(`${where}:work:${ctx.key}:${ctx.attempt}`);
        if (job.id === opts.fail) throw new Error(`job ${job.id} broke`);
        const extra = job.id === opts.ask ? interrupt<number>({ job: job.id }) : 0;
        ctx.update((s) => void s.done.push(job.id));
        ctx.emit({ progress: job.id });
        return [`${job.id}=${job.n * 10 + extra}@${ctx.state.audited}`];
      },
      { distribute: true, retry: { maxAttempts: 2, initialDelayMs: 1 } },
    )
    .addNode('audit', (jobs: Job[], ctx) => {
      calls.list.push(`${where}:audit`);
      ctx.update((s) => void (s.audited = jobs.length));
      return [`audited ${jobs.length}`];
    })
    .addNode('collect', (results: string[]) => results)
    .addEdge(START, 'plan')
    .addBranch('plan', (jobs) => [...jobs.map((j) => send('work', j, j.id)), send('audit', jobs, 'all')], ['work', 'audit'])
    .addEdge('work', 'collect')
    .addEdge('audit', 'collect')
    .addEdge('collect', END)
    .compile(store ? { store } : {});
}

const jobs: Job[] = [
  { id: 'a', n: 1 },
  { id: 'b', n: 2 },
  { id: 'c', n: 3 },
];

/** Runs each task on `remote` after a msgpack round trip of the batch and of each result, as a queue would carry them. */
class LoopbackDispatcher implements TaskDispatcher {
  readonly batches: DispatchBatch[] = [];
  failNext: false | true | Error = false;
  constructor(private readonly remote: CompiledGraph<any, any, any, any>) {}
  async dispatch(batch: DispatchBatch): Promise<TaskResult[]> {
    this.batches.push(batch);
    if (this.failNext) {
      const failure = this.failNext === true ? new Error('the queue is unreachable') : this.failNext;
      this.failNext = false;
      throw failure;
    }
    const wire = unpack(pack(batch)) as DispatchBatch;
    const { tasks, ...base } = wire;
    return Promise.all(tasks.map(async (task) => unpack(pack(await this.remote.runTask({ ...base, task }))) as TaskResult));
  }
}

const strip = (events: { type: string }[]) => events.map((e) => ({ ...e, ts: 0, runId: '', durationMs: 0 }));

/**
 * A run's events as the order a run promises: the step-level events in
 * sequence, and each task's own node events in sequence. Tasks of one step
 * interleave as they happen to finish (a local task does not wait for the
 * remote ones), so their interleaving is not compared.
 */
function ordered(events: GraphEvent[]) {
  const lines = trace(events);
  const steps: string[] = [];
  const byTask = new Map<string, string[]>();
  events.forEach((e, i) => {
    if (!e.type.startsWith('node.')) return void steps.push(lines[i]!);
    const task = `${e.step} ${(e as { node: string }).node}[${(e as { key?: string }).key ?? ''}]`;
    byTask.set(task, [...(byTask.get(task) ?? []), lines[i]!]);
  });
  return { steps, tasks: Object.fromEntries([...byTask].sort(([a], [b]) => a.localeCompare(b))) };
}

describe('distributed steps: a dispatcher runs the tasks of distributed nodes elsewhere', () => {
  it('gives the same events, state, output and checkpoints as a local run; only the distributed tasks leave', async () => {
    const localCalls: Calls = { list: [] };
    const local = await collect(mapGraph(new MemoryStore(), localCalls, 'local').run(jobs, { threadId: 't' }));
    const calls: Calls = { list: [] };
    const store = new MemoryStore();
    const dispatcher = new LoopbackDispatcher(mapGraph(undefined, calls, 'remote'));
    const g = mapGraph(store, calls, 'local');
    const away = await collect(g.run(jobs, { threadId: 't', dispatcher }));

    expect(away.result).toMatchObject({
      status: 'done',
      output: ['a=10@0', 'b=20@0', 'c=30@0', 'audited 3'],
      state: { done: ['a', 'b', 'c'], audited: 3 },
    });
    expect(away.result.output).toEqual(local.result.output);
    expect(away.result.state).toEqual(local.result.state);
    expect(calls.list).toEqual(['local:audit', 'remote:work:a:1', 'remote:work:b:1', 'remote:work:c:1']);
    // The same events, in the order a run promises (the remote tasks' node events come back with their results).
    expect(ordered(away.events)).toEqual(ordered(local.events));
    expect(ordered(away.events).tasks['2 work[a]']).toEqual(['2 node.start work', '2 node.custom work', '2 node.end work']);
    // Their payloads too (outputs, custom data), whatever order the tasks finished in.
    const custom = (es: typeof local.events) =>
      strip(es.filter((e) => e.type === 'node.custom' || e.type === 'node.end'))
        .map((e) => JSON.stringify(e))
        .sort();
    expect(custom(away.events)).toEqual(custom(local.events));
    // One batch: step 2's three work tasks, starting from the checkpoint step 1 wrote.
    const history = [];
    for await (const c of g.history('t')) history.push(c);
    const afterPlan = history.find((c) => c.step === 1)!;
    expect(dispatcher.batches).toHaveLength(1);
    expect(dispatcher.batches[0]).toMatchObject({
      graph: 'map',
      hash: g.hash,
      threadId: 't',
      step: 2,
      checkpointId: afterPlan.id,
      state: { done: [], audited: 0 },
      tasks: [
        { node: 'work', key: 'a', input: jobs[0], resume: undefined },
        { node: 'work', key: 'b', input: jobs[1], resume: undefined },
        { node: 'work', key: 'c', input: jobs[2], resume: undefined },
      ],
    });
  });

  it('without a dispatcher, a distributed node runs in the process', async () => {
    const calls: Calls = { list: [] };
    const r = await mapGraph(undefined, calls, 'local').run(jobs);
    expect(r.output).toEqual(['a=10@0', 'b=20@0', 'c=30@0', 'audited 3']);
    expect(calls.list).toEqual(['local:work:a:1', 'local:work:b:1', 'local:work:c:1', 'local:audit']);
  });

  it('an interrupt inside a remote task stops the run there; the resume sends only that task, with its answer', async () => {
    const calls: Calls = { list: [] };
    const store = new MemoryStore();
    const dispatcher = new LoopbackDispatcher(mapGraph(undefined, calls, 'remote', { ask: 'b' }));
    const g = mapGraph(store, calls, 'local', { ask: 'b' });
    const first = await g.run(jobs, { threadId: 't', dispatcher });
    expect(first).toMatchObject({ status: 'interrupted', state: { done: [], audited: 0 } });
    expect(first.interrupts).toEqual([{ id: 'work/b#0', address: 'work/b', path: ['work'], info: { job: 'b' } }]);
    const done = await g.resume({ threadId: 't', resume: { 'work/b#0': 5 }, dispatcher });
    expect(done).toMatchObject({
      status: 'done',
      output: ['a=10@0', 'b=25@0', 'c=30@0', 'audited 3'],
      state: { done: ['a', 'b', 'c'], audited: 3 },
    });
    expect(calls.list).toEqual(['local:audit', 'remote:work:a:1', 'remote:work:b:1', 'remote:work:c:1', 'remote:work:b:1']);
    expect(dispatcher.batches.map((b) => b.tasks.map((t) => [t.key, t.resume]))).toEqual([
      [
        ['a', undefined],
        ['b', undefined],
        ['c', undefined],
      ],
      [['b', [5]]],
    ]);
  });

  it("a remote node's retries run remotely; its failure is the run's NODE_FAILED, as a local run reports it", async () => {
    const localCalls: Calls = { list: [] };
    const local = await collect(mapGraph(new MemoryStore(), localCalls, 'local', { fail: 'c' }).run(jobs, { threadId: 't' }));
    const calls: Calls = { list: [] };
    const dispatcher = new LoopbackDispatcher(mapGraph(undefined, calls, 'remote', { fail: 'c' }));
    const away = await collect(mapGraph(new MemoryStore(), calls, 'local', { fail: 'c' }).run(jobs, { threadId: 't', dispatcher }));
    expect(away.result.status).toBe('error');
    expect(away.result.error).toMatchObject({
      name: 'NodeError',
      code: 'NODE_FAILED',
      message: 'node "work" failed after 2 attempts: job c broke',
      details: { node: 'work', path: ['work'], attempts: 2 },
    });
    expect(away.result.error?.message).toBe(local.result.error?.message);
    expect(ordered(away.events)).toEqual(ordered(local.events));
    expect(ordered(away.events).tasks['2 work[c]']).toEqual(['2 node.start work', '2 node.retry work', '2 node.start work']);
    expect(calls.list).toEqual(['local:audit', 'remote:work:a:1', 'remote:work:b:1', 'remote:work:c:1', 'remote:work:c:2']);
  });

  it('a dispatcher that fails fails the step (TASK_DISPATCH_FAILED); the resume dispatches again and keeps what ran here', async () => {
    const calls: Calls = { list: [] };
    const store = new MemoryStore();
    const dispatcher = new LoopbackDispatcher(mapGraph(undefined, calls, 'remote'));
    dispatcher.failNext = true;
    const g = mapGraph(store, calls, 'local');
    const failed = await g.run(jobs, { threadId: 't', dispatcher });
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({ code: 'TASK_DISPATCH_FAILED' });
    expect(failed.error?.message).toContain('the queue is unreachable');
    expect(calls.list).toEqual(['local:audit']);
    const done = await g.resume({ threadId: 't', dispatcher });
    expect(done).toMatchObject({ status: 'done', output: ['a=10@0', 'b=20@0', 'c=30@0', 'audited 3'] });
    // audit ran once: its result was kept with the failed step.
    expect(calls.list).toEqual(['local:audit', 'remote:work:a:1', 'remote:work:b:1', 'remote:work:c:1']);
    expect(dispatcher.batches.map((b) => [b.step, b.tasks.length])).toEqual([
      [2, 3],
      [2, 3],
    ]);
  });

  it("a dispatcher's own WeftError, also one from another copy of @weft/graph, is the step's error as it is: its code and retryable kept", async () => {
    // What a second copy of the package throws (a module loaded as CommonJS brings its own): not this copy's class.
    class OtherCopyError extends Error {
      override readonly name = 'WeftError';
      readonly retryable = false;
      constructor(readonly code: string) {
        super('a task result failed its signature');
      }
      toJSON() {
        return { name: this.name, code: this.code, message: this.message, retryable: this.retryable };
      }
    }
    const calls: Calls = { list: [] };
    const dispatcher = new LoopbackDispatcher(mapGraph(undefined, calls, 'remote'));
    dispatcher.failNext = new OtherCopyError('QUEUE_SIGNATURE_INVALID');
    const store = new MemoryStore();
    const failed = await mapGraph(store, calls, 'local').run(jobs, { threadId: 't', dispatcher });
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({
      code: 'QUEUE_SIGNATURE_INVALID',
      retryable: false,
      message: 'a task result failed its signature',
    });
    expect((await store.get('t'))!.status).toBe('error');
  });

  it('runTask refuses a task of another structure of the graph, an unknown node and a subgraph node', async () => {
    const calls: Calls = { list: [] };
    const g = mapGraph(undefined, calls, 'remote');
    const base = { graph: 'map', hash: g.hash, threadId: 't', runId: 'r', step: 2, checkpointId: undefined, state: {}, context: {} };
    await expect(
      g.runTask({ ...base, hash: 'other', task: { node: 'work', key: 'a', input: jobs[0], resume: undefined } }),
    ).rejects.toMatchObject({
      code: 'TASK_GRAPH_MISMATCH',
    });
    await expect(g.runTask({ ...base, task: { node: 'nope', key: undefined, input: 1, resume: undefined } })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(calls.list).toEqual([]);
    const inner = graph<number, number>({ name: 'inner' })
      .addNode('x', (n: number) => n)
      .addEdge(START, 'x')
      .addEdge('x', END)
      .compile();
    const outer = () =>
      graph<number, number>({ name: 'outer' }).addNode('sub', inner, { distribute: true }).addEdge(START, 'sub').addEdge('sub', END);
    expect(() => outer().compile()).toThrow(expect.objectContaining({ code: 'GRAPH_INVALID' }));
  });

  it('compile({ distribute }) picks nodes by name and kind', async () => {
    const calls: Calls = { list: [] };
    const build = (where: Where) =>
      graph<number, number>({ name: 'kinds' })
        .addNode('model', (n: number) => (calls.list.push(`${where}:model`), n + 1), { kind: 'chat-model' })
        .addNode('route', (n: number) => (calls.list.push(`${where}:route`), n), { kind: 'router' })
        .addEdge(START, 'model')
        .addEdge('model', 'route')
        .addEdge('route', END)
        .compile({ distribute: (n) => n.kind === 'chat-model' });
    const dispatcher = new LoopbackDispatcher(build('remote'));
    expect((await build('local').run(1, { dispatcher })).output).toBe(2);
    expect(calls.list).toEqual(['remote:model', 'local:route']);
    expect(() => graph({ name: 'x' }).compile({ distribute: 'yes' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  it('compile({ distribute: true }) sends every function node; distribute: false keeps one here', async () => {
    const build = (where: Where, calls: Calls) =>
      graph<number, number>({ name: 'chain' })
        .addNode('a', (n: number) => (calls.list.push(`${where}:a`), n + 1))
        .addNode('b', (n: number) => (calls.list.push(`${where}:b`), n * 2), { distribute: false })
        .addNode('c', (n: number) => (calls.list.push(`${where}:c`), n - 3))
        .addEdge(START, 'a')
        .addEdge('a', 'b')
        .addEdge('b', 'c')
        .addEdge('c', END)
        .compile({ distribute: true });
    const calls: Calls = { list: [] };
    const dispatcher = new LoopbackDispatcher(build('remote', calls));
    const r = await build('local', calls).run(4, { dispatcher });
    expect(r).toMatchObject({ status: 'done', output: 7 });
    expect(calls.list).toEqual(['remote:a', 'local:b', 'remote:c']);
    expect(dispatcher.batches.map((b) => [b.step, b.checkpointId, b.tasks.map((t) => t.node)])).toEqual([
      [1, undefined, ['a']],
      [3, undefined, ['c']],
    ]);
  });
});
