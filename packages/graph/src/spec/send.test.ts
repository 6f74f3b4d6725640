import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, MemoryStore, send } from '../index.ts';
import { collect, deferred, trace } from '../../test/support/collect.ts';

interface Job {
  id: string;
  n: number;
}

/** plan → one `work` task per job (a map step) → `collect` gets the results in send order. */
function mapGraph(store: MemoryStore, calls: string[], ask: (job: Job) => boolean) {
  return graph<Job[], string[], { done: string[] }>({ name: 'map', state: () => ({ done: [] }) })
    .addNode('plan', (jobs: Job[]) => jobs)
    .addNode('work', (job: Job, ctx) => {
      calls.push(`${ctx.key}`);
      const extra = ask(job) ? interrupt<number>({ job: job.id }) : 0;
      ctx.update((s) => void s.done.push(job.id));
      return [`${job.id}=${job.n * 10 + extra}`];
    })
    .addNode('collect', (results: string[]) => results)
    .addEdge(START, 'plan')
    .addBranch('plan', (jobs) => jobs.map((j) => send('work', j, j.id)), ['work'])
    .addEdge('work', 'collect')
    .addEdge('collect', END)
    .compile({ store });
}

const jobs: Job[] = [
  { id: 'a', n: 1 },
  { id: 'b', n: 2 },
  { id: 'c', n: 3 },
];

describe('send()', () => {
  it('starts one task per send in the next step; their outputs reach the successor merged in send order', async () => {
    const calls: string[] = [];
    const { result, events } = await collect(mapGraph(new MemoryStore(), calls, () => false).run(jobs, { threadId: 't' }));
    expect(result).toMatchObject({ status: 'done', output: ['a=10', 'b=20', 'c=30'], state: { done: ['a', 'b', 'c'] } });
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(trace(events).filter((t) => t.startsWith('2 '))).toEqual([
      '2 step.start [work,work,work]',
      '2 node.start work',
      '2 node.end work',
      '2 node.start work',
      '2 node.end work',
      '2 node.start work',
      '2 node.end work',
      '2 state.patch',
      '2 checkpoint.write',
      '2 step.end [work,work,work]',
    ]);
    expect(events.filter((e) => e.type === 'node.end' && e.node === 'work').map((e) => (e as { key?: string }).key)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('runs the sent tasks concurrently', async () => {
    const gate = deferred();
    let started = 0;
    const g = graph<number[], number[]>({ name: 'conc' })
      .addNode('fan', (xs: number[]) => xs)
      .addNode('slow', async (x: number) => {
        if (++started === 3) gate.resolve();
        await gate.promise;
        return [x];
      })
      .addEdge(START, 'fan')
      .addBranch('fan', (xs) => xs.map((x, i) => send('slow', x, i)), ['slow'])
      .addEdge('slow', END)
      .compile();
    expect((await g.run([3, 1, 2])).output).toEqual([3, 1, 2]);
  });

  it('an interrupt in one task leaves the others finished: a resume, even from a fresh compile, runs only that task', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const first = await mapGraph(store, calls, (j) => j.id === 'b').run(jobs, { threadId: 't' });
    expect(first.interrupts).toEqual([{ id: 'work/b#0', address: 'work/b', path: ['work'], info: { job: 'b' } }]);
    expect(first.state).toEqual({ done: [] });
    const res = await mapGraph(store, calls, (j) => j.id === 'b').resume({ threadId: 't', resume: { 'work/b#0': 5 } });
    expect(res).toMatchObject({ status: 'done', output: ['a=10', 'b=25', 'c=30'], state: { done: ['a', 'b', 'c'] } });
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('several tasks interrupted at once are resumed one at a time; the rest stay pending', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = mapGraph(store, calls, (j) => j.id !== 'b');
    expect((await g.run(jobs, { threadId: 't' })).interrupts.map((i) => i.id)).toEqual(['work/a#0', 'work/c#0']);
    const mid = await g.resume({ threadId: 't', resume: { 'work/c#0': 1 } });
    expect(mid.interrupts.map((i) => i.id)).toEqual(['work/a#0']);
    expect((await g.resume({ threadId: 't', resume: { 'work/a#0': 2 } })).output).toEqual(['a=12', 'b=20', 'c=31']);
    expect(calls).toEqual(['a', 'b', 'c', 'c', 'a']);
  });

  it('mixes sends and named targets; names not reached are skipped', async () => {
    const g = graph<number, unknown>({ name: 'mix' })
      .addNode('r', (n: number) => n)
      .addNode('each', (x: number) => [x * 2])
      .addNode('all', (n: number) => [`all ${n}`])
      .addNode('never', () => ['never'])
      .addNode('j', (x: unknown) => x, { trigger: 'all' })
      .addEdge(START, 'r')
      .addBranch('r', (n) => ['all', send('each', n, 'x'), send('each', n + 1, 'y')], ['each', 'all', 'never'])
      .addEdge('each', 'j')
      .addEdge('all', 'j')
      .addEdge('never', 'j')
      .addEdge('j', END)
      .compile();
    expect((await g.run(1)).output).toEqual({ each: [2, 4], all: ['all 1'] });
  });

  it('rejects a duplicate key, a send outside the declared targets, and a send to END', async () => {
    const build = (route: () => unknown) =>
      graph<number, unknown>({ name: 'bad' })
        .addNode('r', (n: number) => n)
        .addNode('w', (n: number) => [n])
        .addEdge(START, 'r')
        .addBranch('r', route as never, ['w', END])
        .addEdge('w', END)
        .compile();
    const dup = await build(() => [send('w', 1, 'k'), send('w', 2, 'k')]).run(0);
    expect(dup.error).toMatchObject({ code: 'BRANCH_TARGET_INVALID', details: { target: 'w', key: 'k' } });
    expect((await build(() => send('other', 1, 'k')).run(0)).error).toMatchObject({
      code: 'BRANCH_TARGET_INVALID',
      details: { target: 'other' },
    });
    expect((await build(() => send(END, 1, 'k')).run(0)).error?.code).toBe('BRANCH_TARGET_INVALID');
  });
});
