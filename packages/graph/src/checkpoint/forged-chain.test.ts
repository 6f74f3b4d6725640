import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  END,
  START,
  graph,
  MemoryStore,
  decodeCheckpoint,
  encodeCheckpoint,
  type CheckpointEntry,
  type CheckpointStore,
} from '../index.ts';

/** Counts to `steps`, appending each number; the padding keeps the deltas of 600 steps from adding up to a snapshot. */
const counter = (store: CheckpointStore, steps: number, snapshotEvery = 1000) =>
  graph<number, number, { pad: string; seen: number[] }>({ name: 'count', state: () => ({ pad: '.'.repeat(100_000), seen: [] }) })
    .addNode('step', (n: number, ctx) => (ctx.append(['seen'], n), n + 1))
    .addEdge(START, 'step')
    .addBranch('step', (n) => (n < steps ? 'step' : END), ['step', END])
    .compile({ store, maxSteps: steps + 5, snapshotEvery });

/** The store without chain(), one get() per link, failing every read past `limit` so that a walk that never ends fails the test. */
function linkByLink(m: MemoryStore, limit: number): CheckpointStore & { reads: number } {
  const store = {
    reads: 0,
    put: (e: CheckpointEntry) => m.put(e),
    get: (t: string, id?: string) => {
      if (++store.reads > limit) return Promise.reject(new Error(`more than ${limit} reads`));
      return m.get(t, id);
    },
    list: (t: string, o?: { limit?: number; beforeSeq?: number }) => m.list(t, o),
    delete: (t: string) => m.delete(t),
    deleteCheckpoints: (t: string, ids: readonly string[]) => m.deleteCheckpoints(t, ids),
    threads: () => m.threads(),
    claimThread: m.claimThread.bind(m),
    renewThread: m.renewThread.bind(m),
    releaseThread: m.releaseThread.bind(m),
    threadLease: m.threadLease.bind(m),
  };
  return store;
}

/** Appends a copy of the thread's head to it as seq + 1, with its parent set to `parentId` (the record's too; checksum recomputed). */
async function appendForged(store: MemoryStore, threadId: string, parentId: string): Promise<CheckpointEntry> {
  const head = (await store.get(threadId))!;
  const record = decodeCheckpoint(head.bytes, 'head');
  const forged = { ...record, id: `forged-${head.seq + 1}`, seq: head.seq + 1, parentId };
  const entry = { ...head, id: forged.id, seq: forged.seq, parentId, bytes: encodeCheckpoint(forged) };
  await store.put(entry);
  return entry;
}

describe('delta chains no run writes', () => {
  it('getState of a delta that is its own parent fails with CHECKPOINT_CORRUPT after two reads, and leaves the store as it was', async () => {
    const memory = new MemoryStore();
    await counter(memory, 3).run(0, { threadId: 't' });
    const head = (await memory.get('t'))!;
    // A delta pointing at itself: the head's record, renumbered, with its own id as parent.
    const record = decodeCheckpoint(head.bytes, 'head');
    const self = { ...record, id: 'self', seq: head.seq + 1, parentId: 'self' };
    await memory.put({ ...head, id: 'self', seq: self.seq, parentId: 'self', bytes: encodeCheckpoint(self) });
    const before = await memory.list('t');

    const store = linkByLink(memory, 50);
    const err = await counter(store, 3)
      .getState('t')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: `checkpoint "self" (seq ${self.seq}) of thread "t" names "self" (seq ${self.seq}) as its parent, which was not written before it: these rows were not written by a run; nothing was loaded or run. Restore the store from a backup, or fork from a checkpoint that loads (history())`,
      details: { threadId: 't', checkpointId: 'self', parentId: 'self', seq: self.seq, parentSeq: self.seq },
    });
    expect(store.reads).toBe(2);
    expect(await memory.list('t')).toEqual(before);
  });

  it('a loop through a descendant is refused, and resuming the thread runs nothing', async () => {
    const memory = new MemoryStore();
    await counter(memory, 3).run(0, { threadId: 't' });
    const seq = (await memory.get('t'))!.seq;
    // seq + 1 names seq + 2 as its parent, and seq + 2 names seq + 1.
    await appendForged(memory, 't', `forged-${seq + 2}`);
    await appendForged(memory, 't', `forged-${seq + 1}`);
    const before = await memory.list('t');
    const run = counter(linkByLink(memory, 50), 3).resume({ threadId: 't' });
    const err = await run.catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      details: { checkpointId: `forged-${seq + 1}`, parentId: `forged-${seq + 2}` },
    });
    // Nothing was written: the thread is as it was, its lease free again.
    expect(await memory.list('t')).toEqual(before);
    expect(await memory.threadLease('t')).toBeUndefined();
  });

  it('prune() of a thread with a loop ends, keeps the loop and deletes only what no kept checkpoint needs', async () => {
    const memory = new MemoryStore();
    await counter(memory, 6).run(0, { threadId: 't' });
    const seq = (await memory.get('t'))!.seq;
    await appendForged(memory, 't', `forged-${seq + 2}`);
    await appendForged(memory, 't', `forged-${seq + 1}`);
    const result = await counter(memory, 6).prune('t', { keepLast: 2 });
    expect(result).toEqual({ kept: 2, deleted: seq, unreadable: [] });
    expect((await memory.list('t')).map((e) => e.id)).toEqual([`forged-${seq + 2}`, `forged-${seq + 1}`]);
  });

  it('a long legitimate chain loads to the same state, letting other work run while it walks', async () => {
    const memory = new MemoryStore();
    await counter(memory, 600).run(0, { threadId: 't' });
    let turns = 0;
    let loading = true;
    const other = (async () => {
      // Work queued behind the load's microtasks: it only runs if the walk gives the event loop a turn.
      while (loading) {
        await nextTurn();
        turns++;
      }
    })();
    const store = linkByLink(memory, 1000);
    const state = await counter(store, 600).getState('t');
    loading = false;
    await other;
    expect(state.state.seen).toEqual(Array.from({ length: 600 }, (_, i) => i));
    expect(store.reads).toBe(601); // the head and 600 links: one chain from the first snapshot
    // A turn at least every 256 links walked (the walk yields more often); without them, one (the load's own).
    expect(turns).toBeGreaterThanOrEqual(Math.floor(600 / 256));
  });
});
