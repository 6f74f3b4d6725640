import { describe, expect, it } from 'vitest';
import { END, START, graph, MemoryStore, decodeCheckpoint, type GraphEvent, type NodeOptions } from '../index.ts';

interface S {
  log: string[];
}

/**
 * START fans out to `left` (two steps: l1 → l2) and `flaky`; both feed the join
 * `done`. `flaky` fails while `broken.value` is set.
 */
function fanOut(store: MemoryStore, broken: { value: boolean }, calls: string[], onError?: NodeOptions['onError']) {
  return graph<string, Record<string, unknown>, S>({ name: 'fan', state: () => ({ log: [] }) })
    .addNode('l1', (x: string, ctx) => (calls.push('l1'), ctx.append(['log'], 'l1'), `${x}>l1`))
    .addNode('l2', (x: string, ctx) => (calls.push('l2'), ctx.append(['log'], 'l2'), `${x}>l2`))
    .addNode(
      'flaky',
      (x: string, ctx) => {
        calls.push('flaky');
        ctx.append(['log'], 'flaky tried');
        if (broken.value) throw new Error('service down');
        return `${x}>flaky`;
      },
      onError === undefined ? {} : { onError },
    )
    .addNode('done', (inputs: Record<string, unknown>) => (calls.push('done'), inputs), { trigger: 'all' })
    .addEdge(START, 'l1')
    .addEdge('l1', 'l2')
    .addEdge(START, 'flaky')
    .addEdge('l2', 'done')
    .addEdge('flaky', 'done')
    .addEdge('done', END)
    .compile({ store });
}

async function collect(run: AsyncIterable<GraphEvent>): Promise<string[]> {
  const out: string[] = [];
  for await (const e of run) {
    if (e.type === 'node.end' || e.type === 'node.start') out.push(`${e.type} ${e.node}`);
    else if (e.type === 'error') out.push(`error ${e.node ?? '-'} ${e.error.code}`);
    else if (e.type === 'run.end') out.push(`run.end ${e.status}`);
  }
  return out;
}

describe("onError: 'stop-branch'", () => {
  it('stops only the failed branch: the others run to the join, the run ends with status error, and the head keeps the failed task', async () => {
    const store = new MemoryStore();
    const broken = { value: true };
    const calls: string[] = [];
    const g = fanOut(store, broken, calls, 'stop-branch');
    const run = g.run('in', { threadId: 't' });
    const events = await collect(run);
    const res = await run;
    expect(events).toEqual([
      'node.start l1',
      'node.end l1',
      'node.start flaky',
      'error flaky NODE_FAILED',
      'node.start l2',
      'node.end l2',
      'run.end error',
    ]);
    expect(res).toMatchObject({
      status: 'error',
      error: { code: 'NODE_FAILED', details: { node: 'flaky' } },
      state: { log: ['l1', 'l2'] },
    });
    expect(calls).toEqual(['l1', 'flaky', 'l2']);
    const head = decodeCheckpoint((await store.get('t'))!.bytes, 'head');
    expect(head).toMatchObject({
      status: 'error',
      error: { code: 'NODE_FAILED' },
      frontier: [{ node: 'flaky', input: 'in', error: { code: 'NODE_FAILED' } }],
      joins: [{ node: 'done', delivered: [['l2', 'in>l1>l2']], skipped: [] }],
    });
    expect((await store.threads())[0]).toMatchObject({ threadId: 't', status: 'error' });
  });

  it('resuming the thread runs only the failed node again and continues; a second failure parks it again', async () => {
    const store = new MemoryStore();
    const broken = { value: true };
    const calls: string[] = [];
    const g = fanOut(store, broken, calls, 'stop-branch');
    await g.run('in', { threadId: 't' });
    expect((await g.resume({ threadId: 't' })).status).toBe('error');
    expect(calls).toEqual(['l1', 'flaky', 'l2', 'flaky']);
    broken.value = false;
    const done = await g.resume({ threadId: 't' });
    expect(done).toMatchObject({ status: 'done', output: { l2: 'in>l1>l2', flaky: 'in>flaky' } });
    expect(done.state.log).toEqual(['l1', 'l2', 'flaky tried']);
    expect(calls).toEqual(['l1', 'flaky', 'l2', 'flaky', 'flaky', 'done']);
  });

  it("by default ('stop-run') the run stops at the failing step's barrier instead", async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const res = await fanOut(store, { value: true }, calls).run('in', { threadId: 't' });
    expect(res).toMatchObject({ status: 'error', error: { code: 'NODE_FAILED' }, state: { log: [] } });
    expect(calls).toEqual(['l1', 'flaky']);
  });
});

describe('fallback', () => {
  it('its value is the node’s output (the post handler runs); the failed attempt’s state changes are dropped', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = graph<string, string, S>({ name: 'fallback', state: () => ({ log: [] }) })
      .addNode(
        'flaky',
        (x: string, ctx): string => {
          calls.push('flaky');
          ctx.append(['log'], 'half-done');
          throw new Error(`cannot handle ${x}`);
        },
        {
          fallback: (error, input) => `fallback for ${input} (${error.code})`,
          post: (out: string, draft) => (draft.log.push(`post ${out}`), `${out}!`),
          retry: { maxAttempts: 2, initialDelayMs: 1 },
        },
      )
      .addEdge(START, 'flaky')
      .addEdge('flaky', END)
      .compile({ store });
    const res = await g.run('x', { threadId: 't' });
    expect(res).toMatchObject({
      status: 'done',
      output: 'fallback for x (NODE_FAILED)!',
      state: { log: ['post fallback for x (NODE_FAILED)'] },
    });
    expect(calls).toEqual(['flaky', 'flaky']);
  });

  it('a fallback that throws fails the run like a node error', async () => {
    const g = graph<string, string>({ name: 'fallback' })
      .addNode(
        'flaky',
        (): string => {
          throw new Error('first');
        },
        {
          fallback: () => {
            throw new Error('fallback broke too');
          },
        },
      )
      .addEdge(START, 'flaky')
      .addEdge('flaky', END)
      .compile();
    const res = await g.run('x');
    expect(res).toMatchObject({ status: 'error', error: { code: 'NODE_FAILED', cause: { message: 'fallback broke too' } } });
  });
});
