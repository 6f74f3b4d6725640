import { describe, expect, it } from 'vitest';
import {
  END,
  START,
  graph,
  MemoryStore,
  decodeCheckpoint,
  type CheckpointEntry,
  type CheckpointStore,
  type ClaimOptions,
  type ThreadLease,
} from '../index.ts';

/** A graph that appends `size` bytes of text to a list each step, for `steps` steps. */
function appender(store: CheckpointStore, steps: number, size: number) {
  return graph<number, number, { items: string[] }>({ name: 'append', state: () => ({ items: [] }) })
    .addNode('add', (n: number, ctx) => (ctx.update((s) => void s.items.push(String(n).padEnd(size, '.'))), n + 1))
    .addEdge(START, 'add')
    .addBranch('add', (n) => (n < steps ? 'add' : END), ['add', END])
    .compile({ store, maxSteps: steps + 5 });
}

describe('checkpoint size', () => {
  it('bytes per step do not grow with the length of the state’s history; the total stays a small multiple of the state', async () => {
    const store = new MemoryStore();
    await appender(store, 200, 1024).run(0, { threadId: 't' });
    const entries = (await store.list('t')).reverse();
    const sizes = entries.map((e) => e.bytes.length);
    const records = entries.map((e) => decodeCheckpoint(e.bytes, e.id));
    const deltas = sizes.filter((_, i) => !('full' in records[i]!.state));
    const finalState = Buffer.byteLength(JSON.stringify((records.at(-1)!.state as { full?: unknown }).full ?? '')) || 200 * 1024;
    const total = sizes.reduce((a, b) => a + b, 0);
    // Every delta is about one item, early or late in the run.
    expect(Math.max(...deltas)).toBeLessThan(1024 + 600);
    expect(Math.min(...deltas)).toBeGreaterThan(1024);
    expect(total).toBeLessThan(3 * 200 * 1024);
    expect(finalState).toBeGreaterThan(0);
  });
});

/** A store that fails every write after the first `limit`, as a process dying at that point would. */
class DyingStore implements CheckpointStore {
  constructor(
    readonly inner: MemoryStore,
    public limit: number,
  ) {}
  async put(entry: CheckpointEntry) {
    if (this.limit-- <= 0) throw new Error('disk gone');
    return this.inner.put(entry);
  }
  get = (t: string, id?: string) => this.inner.get(t, id);
  list = (t: string, o?: { limit?: number; beforeSeq?: number }) => this.inner.list(t, o);
  delete = (t: string) => this.inner.delete(t);
  deleteCheckpoints = (t: string, ids: readonly string[]) => this.inner.deleteCheckpoints(t, ids);
  threads = () => this.inner.threads();
  claimThread = (t: string, o: ClaimOptions) => this.inner.claimThread(t, o);
  renewThread = (l: ThreadLease) => this.inner.renewThread(l);
  releaseThread = (l: ThreadLease) => this.inner.releaseThread(l);
  threadLease = (t: string) => this.inner.threadLease(t);
}

describe('recovery after a failure between steps', () => {
  it('resuming a thread whose last checkpoint is mid-run finishes with the same output and state, re-running only the unsaved step', async () => {
    const runs: number[] = [];
    const build = (store: CheckpointStore) =>
      graph<number, number, { seen: number[] }>({ name: 'crash', state: () => ({ seen: [] }) })
        .addNode('step', (n: number, ctx) => (runs.push(n), ctx.update((s) => void s.seen.push(n)), n + 1))
        .addEdge(START, 'step')
        .addBranch('step', (n) => (n < 6 ? 'step' : END), ['step', END])
        .compile({ store, maxSteps: 20 });
    const memory = new MemoryStore();
    const crashed = await build(new DyingStore(memory, 4)).run(0, { threadId: 't' });
    expect(crashed.status).toBe('error');
    expect(crashed.error).toMatchObject({ code: 'RUN_FAILED', cause: { message: 'disk gone' } });
    expect((await memory.get('t'))!.status).toBe('running');
    const resumed = await build(memory).resume({ threadId: 't' });
    expect(resumed).toMatchObject({ status: 'done', output: 6, state: { seen: [0, 1, 2, 3, 4, 5] } });
    expect(runs).toEqual([0, 1, 2, 3, 3, 4, 5]);
  });
});

describe('subgraphs', () => {
  it('keep their own state, fresh per invocation, and preserve it across an interrupt inside them', async () => {
    const { interrupt } = await import('../index.ts');
    const inner = graph<number, string[], { log: string[] }>({ name: 'inner', state: () => ({ log: [] }) })
      .addNode('a', (n: number, ctx) => (ctx.update((s) => void s.log.push(`a${n}`)), n))
      .addNode('b', (n: number, ctx) => {
        const v = n === 7 ? interrupt<string>('?') : 'auto';
        ctx.update((s) => void s.log.push(`b${v}`));
        return n;
      })
      .addNode('report', (_: number, ctx) => ctx.state.log)
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', 'report')
      .addEdge('report', END)
      .compile();
    const store = new MemoryStore();
    const outer = graph<number, unknown, { outer: string[][] }>({ name: 'outer', state: () => ({ outer: [] }) })
      .addNode('sub', inner)
      .addNode('collect', (log: string[], ctx) => (ctx.update((s) => void s.outer.push(log)), log.length))
      .addEdge(START, 'sub')
      .addEdge('sub', 'collect')
      .addBranch('collect', (_n, s) => (s.outer.length < 2 ? 'sub' : END), ['sub', END])
      .compile({ store });
    let res = await outer.run(1, { threadId: 't' });
    expect(res.status).toBe('done');
    expect(res.state).toEqual({
      outer: [
        ['a1', 'bauto'],
        ['a2', 'bauto'],
      ],
    });
    const again = graph<number, unknown, { outer: string[][] }>({ name: 'outer2', state: () => ({ outer: [] }) })
      .addNode('sub', inner)
      .addEdge(START, 'sub')
      .addEdge('sub', END)
      .compile({ store });
    res = await again.run(7, { threadId: 'u' });
    expect(res.interrupts.map((i) => i.id)).toEqual(['sub/b#0']);
    expect(await again.resume({ threadId: 'u', resume: { 'sub/b#0': 'human' } })).toMatchObject({
      output: ['a7', 'bhuman'],
      state: { outer: [] },
    });
  });
});

describe('skips through nodes with several predecessors', () => {
  it('a node with another live predecessor is not skipped, so a join downstream waits for it', async () => {
    const g = graph<number, unknown>({ name: 'dpe' })
      .addNode('r', (n: number) => n)
      .addNode('b', (n: number) => `b${n}`)
      .addNode('c', (n: number) => `c${n}`)
      .addNode('d', (x: string) => `d(${x})`)
      .addNode('e', (n: number) => `e${n}`)
      .addNode('j', (x: unknown) => x, { trigger: 'all' })
      .addEdge(START, 'r')
      .addEdge(START, 'e')
      .addBranch('r', () => 'b', ['b', 'c'])
      .addEdge('b', 'd')
      .addEdge('c', 'd')
      .addEdge('d', 'j')
      .addEdge('e', 'j')
      .addEdge('j', END)
      .compile();
    expect((await g.run(1)).output).toEqual({ d: 'd(b1)', e: 'e1' });
  });
});
