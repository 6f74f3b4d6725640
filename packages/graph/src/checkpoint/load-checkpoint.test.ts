import { describe, expect, it } from 'vitest';
import {
  END,
  START,
  graph,
  MemoryStore,
  type CheckpointEntry,
  type CheckpointStore,
  type ClaimOptions,
  type ThreadLease,
} from '../index.ts';

/** A MemoryStore with `chain()`, counting the queries loading makes. */
class ChainStore implements CheckpointStore {
  readonly calls = { get: 0, chain: [] as number[] };
  constructor(readonly inner: MemoryStore) {}
  put = (e: CheckpointEntry) => this.inner.put(e);
  get = (t: string, id?: string) => (this.calls.get++, this.inner.get(t, id));
  async chain(t: string, id: string, limit: number): Promise<CheckpointEntry[]> {
    this.calls.chain.push(limit);
    const out: CheckpointEntry[] = [];
    for (
      let e = await this.inner.get(t, id);
      e && out.length < limit;
      e = e.parentId === null ? undefined : await this.inner.get(t, e.parentId)
    )
      out.push(e);
    return out;
  }
  list = (t: string, o?: { limit?: number; beforeSeq?: number }) => this.inner.list(t, o);
  delete = (t: string) => this.inner.delete(t);
  deleteCheckpoints = (t: string, ids: readonly string[]) => this.inner.deleteCheckpoints(t, ids);
  threads = () => this.inner.threads();
  claimThread = (t: string, o: ClaimOptions) => this.inner.claimThread(t, o);
  renewThread = (l: ThreadLease) => this.inner.renewThread(l);
  releaseThread = (l: ThreadLease) => this.inner.releaseThread(l);
  threadLease = (t: string) => this.inner.threadLease(t);
}

/** The same store without chain(), so loading falls back to one get() per link. */
const linkByLink = (m: MemoryStore): CheckpointStore => ({
  put: (e) => m.put(e),
  get: (t, id) => m.get(t, id),
  list: (t, o) => m.list(t, o),
  delete: (t) => m.delete(t),
  deleteCheckpoints: (t, ids) => m.deleteCheckpoints(t, ids),
  threads: () => m.threads(),
  claimThread: (t, o) => m.claimThread(t, o),
  renewThread: (l) => m.renewThread(l),
  releaseThread: (l) => m.releaseThread(l),
  threadLease: (t) => m.threadLease(t),
});

/** Counts to `steps`, recording each number in a state large enough that the small deltas never trigger a snapshot. */
const counter = (store: CheckpointStore, steps: number, snapshotEvery = 1000) =>
  graph<number, number, { pad: string; seen: number[] }>({ name: 'count', state: () => ({ pad: '.'.repeat(10_000), seen: [] }) })
    .addNode('step', (n: number, ctx) => (ctx.append(['seen'], n), n + 1))
    .addEdge(START, 'step')
    .addBranch('step', (n) => (n < steps ? 'step' : END), ['step', END])
    .compile({ store, maxSteps: steps + 5, snapshotEvery });

describe('loading a checkpoint from a store with chain()', () => {
  it('fetches the delta chain in a few growing batches and rebuilds the same state as loading link by link', async () => {
    const memory = new MemoryStore();
    await counter(memory, 60).run(0, { threadId: 't' });
    const store = new ChainStore(memory);
    const viaChain = await counter(store, 60).getState('t');
    const viaGet = await counter(linkByLink(memory), 60).getState('t');
    expect(viaChain).toEqual(viaGet);
    expect(viaChain.state.seen).toEqual(Array.from({ length: 60 }, (_, i) => i));
    // The head by get(), then 16 and 64 ancestors: 61 checkpoints back to the first snapshot.
    expect(store.calls).toEqual({ get: 1, chain: [16, 64] });
  });

  it('never asks for more ancestors than a chain written with this snapshotEvery can have', async () => {
    const memory = new MemoryStore();
    await counter(memory, 47, 25).run(0, { threadId: 't' });
    const store = new ChainStore(memory);
    expect(await counter(store, 47, 25).getState('t')).toEqual(await counter(linkByLink(memory), 47, 25).getState('t'));
    // The head is 24 deltas past its snapshot: get() for it, then 16, then only the 8 that can remain (not 64).
    expect(store.calls).toEqual({ get: 1, chain: [16, 8] });
  });

  it('gives a state rebuilt from a snapshot and deltas that is frozen all the way down', async () => {
    const memory = new MemoryStore();
    const nested = graph<number, number, { log: { n: number; tags: string[] }[]; meta: { last: number } }>({
      name: 'nested',
      state: () => ({ log: [], meta: { last: -1 } }),
    })
      .addNode('step', (n: number, ctx) => (ctx.append(['log'], { n, tags: [`t${n}`] }), ctx.set(['meta', 'last'], n), n + 1))
      .addEdge(START, 'step')
      .addBranch('step', (n) => (n < 6 ? 'step' : END), ['step', END])
      .compile({ store: memory, maxSteps: 20, snapshotEvery: 1000 });
    await nested.run(0, { threadId: 't' });
    const { state } = await nested.getState('t');
    const containers: unknown[] = [state, state.log, state.meta, ...state.log, ...state.log.map((e) => e.tags)];
    expect(containers.map((c) => Object.isFrozen(c))).toEqual(containers.map(() => true));
    expect(state).toEqual({ log: Array.from({ length: 6 }, (_, n) => ({ n, tags: [`t${n}`] })), meta: { last: 5 } });
  });

  it('reports a chain broken by a missing ancestor as CHECKPOINT_CORRUPT', async () => {
    const memory = new MemoryStore();
    await counter(memory, 10).run(0, { threadId: 't' });
    const ids = (await memory.list('t')).map((e) => e.id); // newest first
    // Pruning only ever removes what nothing kept needs; delete a link directly to simulate a damaged store.
    await memory.deleteCheckpoints('t', [ids[4]!]);
    await expect(counter(new ChainStore(memory), 10).getState('t')).rejects.toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: expect.stringContaining(`is broken at "${ids[4]!}"`),
    });
  });
});

describe('a store whose entry and record disagree', () => {
  /** Adds each input to a total; `effects` records every run of the node. */
  const adder = (store: CheckpointStore, effects: number[]) =>
    graph<number, number, { total: number }>({ name: 'acc', state: () => ({ total: 0 }) })
      .addNode('add', (n: number, ctx) => (effects.push(n), ctx.update((s) => void (s.total += n)), ctx.state.total))
      .addEdge(START, 'add')
      .addEdge('add', END)
      .compile({ store });

  /** The store, except that the thread's latest entry (by get) is `serve`'s answer: what a damaged index hands out. */
  const serving = (m: MemoryStore, shown: string, serve: (real: CheckpointEntry) => CheckpointEntry): CheckpointStore => ({
    ...linkByLink(m),
    get: async (t, id) => {
      if (id !== undefined && id !== shown) return m.get(t, id);
      const real = await m.get(t, shown);
      return real && serve(real);
    },
  });

  it('an older checkpoint served under the newer seq (rows lost from an index) is refused for run, resume, getState and history; nothing runs or is written', async () => {
    const memory = new MemoryStore();
    const effects: number[] = [];
    await adder(memory, effects).run(5, { threadId: 't' });
    const older = (await memory.get('t'))!; // done, total 5
    await adder(memory, effects).run(7, { threadId: 't' });
    const before = await memory.list('t');
    const head = before[0]!; // done, total 12
    // The index lost the newest rows: the thread's latest seq now leads to the older row.
    const store = serving(memory, older.id, (real) => ({ ...real, seq: head.seq }));
    const g = adder(store, effects);
    const refusal = {
      code: 'CHECKPOINT_CORRUPT',
      message: expect.stringContaining(
        `checkpoint "${older.id}" of thread "t" is stored with seq ${head.seq} but its record has seq ${older.seq}`,
      ),
      details: { threadId: 't', checkpointId: older.id, field: 'seq' },
    };
    await expect(g.run(1, { threadId: 't' })).rejects.toMatchObject(refusal);
    await expect(g.resume({ threadId: 't', goto: 'add', input: 1 })).rejects.toMatchObject(refusal);
    await expect(g.getState('t')).rejects.toMatchObject(refusal);
    await expect(g.getState('t', older.id)).rejects.toMatchObject(refusal);
    const history = async () => {
      for await (const _ of g.history('t'));
    };
    await expect(history()).rejects.toMatchObject(refusal);
    expect(effects).toEqual([5, 7]);
    expect(await memory.list('t')).toEqual(before);
    expect(await memory.threadLease('t')).toBeUndefined();
    // The real store still loads: the thread is at 12.
    expect((await adder(memory, effects).getState('t')).state.total).toBe(12);
  });

  it.each([
    ['step', (e: CheckpointEntry) => ({ ...e, step: e.step + 1 })],
    ['parentId', (e: CheckpointEntry) => ({ ...e, parentId: null })],
    ['status', (e: CheckpointEntry) => ({ ...e, status: 'interrupted' as const })],
  ])('an entry listed with another %s than its record is refused too', async (field, serve) => {
    const memory = new MemoryStore();
    const effects: number[] = [];
    await adder(memory, effects).run(5, { threadId: 't' });
    const head = (await memory.get('t'))!;
    const g = adder(serving(memory, head.id, serve), effects);
    await expect(g.getState('t')).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT', details: { checkpointId: head.id, field } });
    await expect(g.run(1, { threadId: 't' })).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT', details: { field } });
    expect(effects).toEqual([5]);
  });
});
