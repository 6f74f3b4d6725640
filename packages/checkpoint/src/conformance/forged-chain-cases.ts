import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import type { CheckpointEntry, CheckpointStore } from '../store/checkpoint-store.ts';
import { codeOf, rejection, type CaseTools, type ConformanceCase } from './conformance-case.ts';
import { readChain } from '../store/read-chain.ts';
import { chainEntry } from './checkpoint-record.ts';

const GRAPH = { name: 'forged', hash: 'forged-hash', snapshotEvery: 100 };
/** Reads a three-entry thread needs at most (the head, then one get or chain call per link); a walk that loops passes it at once. */
const MAX_READS = 8;

/**
 * A checkpoint as a store would hold it, with a real record (checksum and
 * all) whose `parentId` says whatever the case needs: what someone who can
 * write to the store can forge. `state` is a snapshot or a delta.
 */
function forged(threadId: string, seq: number, parentId: string | null, state: CheckpointRecord['state']): CheckpointEntry {
  return chainEntry(threadId, seq, parentId, state, { graph: GRAPH.name, hash: GRAPH.hash });
}

const delta = (n: number): CheckpointRecord['state'] => ({ patches: [{ op: 'add', path: ['items', '-'], value: n }] });
const snapshot: CheckpointRecord['state'] = { full: { items: [0] } };

/** The store with its reads counted; past `MAX_READS` each read fails, so a walk that never ends fails the case instead of hanging it. */
function counted(store: CheckpointStore): { store: CheckpointStore; reads: () => number } {
  let reads = 0;
  const count = () => {
    if (++reads > MAX_READS)
      throw new Error(`reading the chain read the store more than ${MAX_READS} times for a thread of three checkpoints`);
  };
  const chain = store.chain?.bind(store);
  const wrapped: CheckpointStore = Object.create(store, {
    get: { value: (threadId: string, id?: string) => (count(), store.get(threadId, id)) },
    chain: { value: chain && ((threadId: string, id: string, limit: number) => (count(), chain(threadId, id, limit))) },
  });
  return { store: wrapped, reads: () => reads };
}

/** Writes the entries, reads the chain of `loadId` (the head when undefined), and checks it is refused as corrupt with the store unchanged. */
async function refusedChain(store: CheckpointStore, t: CaseTools, entries: CheckpointEntry[], loadId: string | undefined, message: string) {
  const tid = entries[0]!.threadId;
  for (const e of entries) await store.put(e);
  const before = (await store.list(tid)).map((e) => Buffer.from(e.bytes).toString('base64'));
  const reader = counted(store);
  const err = await rejection(readChain(reader.store, GRAPH, tid, loadId));
  t.expect(codeOf(err)).toBe('CHECKPOINT_CORRUPT');
  t.expect((err as Error).message).toBe(message);
  t.expect(reader.reads() <= MAX_READS).toBe(true);
  t.expect((await store.list(tid)).map((e) => Buffer.from(e.bytes).toString('base64'))).toEqual(before);
}

const notOlder = (tid: string, child: number, parent: number) =>
  `checkpoint "cp-${child}" (seq ${child}) of thread "${tid}" names "cp-${parent}" (seq ${parent}) as its parent, which was not written before it: these rows were not written by a run; nothing was loaded or run. Restore the store from a backup, or fork from a checkpoint that loads (history())`;

/**
 * What reading a checkpoint's chain (`readChain`, which every load does) must
 * do with delta chains no run writes: a parent is always
 * written before its child, so a chain whose parent is not older (a loop back
 * to itself or to a descendant) is refused at once, whatever the store.
 */
export const FORGED_CHAIN_CASES: Record<string, ConformanceCase> = {
  'a delta that names itself as its parent is refused as corrupt, after a bounded number of reads': async (store, t) => {
    const tid = t.thread('self');
    await refusedChain(store, t, [forged(tid, 1, null, snapshot), forged(tid, 2, 'cp-2', delta(1))], undefined, notOlder(tid, 2, 2));
  },
  'a delta whose parent is its own descendant (a loop of two) is refused as corrupt': async (store, t) => {
    const tid = t.thread('loop');
    const entries = [forged(tid, 1, null, snapshot), forged(tid, 2, 'cp-3', delta(1)), forged(tid, 3, 'cp-2', delta(2))];
    await refusedChain(store, t, entries, undefined, notOlder(tid, 2, 3));
  },
  'a delta whose parent has a higher seq is refused even where the chain would end': async (store, t) => {
    const tid = t.thread('later');
    const entries = [forged(tid, 1, null, snapshot), forged(tid, 2, 'cp-3', delta(1)), forged(tid, 3, null, snapshot)];
    await refusedChain(store, t, entries, 'cp-2', notOlder(tid, 2, 3));
    // The snapshot after it still loads: only the forged link is refused.
    const { base, deltas } = await readChain(store, GRAPH, tid, undefined);
    t.expect({ state: base.state, deltas }).toEqual({ state: { full: { items: [0] } }, deltas: [] });
  },
};
