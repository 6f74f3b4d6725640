import { setImmediate as nextTurn } from 'node:timers/promises';
import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import type { StatePatch } from '../record/state-patch.ts';
import type { CheckpointEntry, CheckpointStore } from './checkpoint-store.ts';
import { decodeEntry, type GraphIdentity } from './decode-entry.ts';
import { resolveBlobs } from '../blob/resolve-blobs.ts';

/** Ancestors asked of `store.chain()` in the first query; each further query asks for 4x more, up to the maximum. */
const FIRST_CHAIN_BATCH = 16;
const MAX_CHAIN_BATCH = 256;
/** Links walked between two turns of the event loop. */
const YIELD_EVERY = 64;

/** A checkpoint and what its state is rebuilt from. */
export interface CheckpointChain {
  /** The checkpoint asked for. */
  head: CheckpointRecord;
  /** The nearest full snapshot at or before it (the head itself when it holds one). */
  base: CheckpointRecord & { state: { full: unknown } };
  /** The patches of each delta from the head back to the base, newest first: the head's state is the base's with them applied, oldest first. */
  deltas: StatePatch[][];
}

/**
 * Reads a checkpoint (the thread's latest without an id) and its ancestors
 * back to the last full snapshot, each checked by `decodeEntry` (the head
 * against `graph`, its ancestors against the graph's name only: they may
 * come from an earlier version of it). Ancestors
 * come from `store.chain()` in growing batches when the store has it (one
 * query instead of one per link), else from `get` per link. A chain no run
 * writes is CHECKPOINT_CORRUPT: a delta without a parent, a missing parent,
 * or a parent that is not older (see `parentOf`). Blob references in the
 * records read are replaced by their bytes (`resolveBlobs`). `graph.snapshotEvery`, when
 * given, bounds how far ahead it fetches.
 *
 * @example
 * const { head, base, deltas } = await readChain(store, { name: 'review', hash }, 't1', undefined);
 */
export async function readChain(
  store: CheckpointStore,
  graph: GraphIdentity & { snapshotEvery?: number },
  threadId: string,
  checkpointId: string | undefined,
  cache?: Map<string, CheckpointRecord>,
): Promise<CheckpointChain> {
  const fetchEntry = aheadReader(store, graph.snapshotEvery, threadId);
  const read = async (id: string | undefined, ancestor = false): Promise<CheckpointRecord> => {
    const hit = id === undefined ? undefined : cache?.get(id);
    // A record cached as an ancestor passed the name check only: as a head it must also pass the hash check.
    if (hit && (ancestor || graph.hash === undefined || hit.hash === graph.hash)) return hit;
    const entry = await fetchEntry(id, ancestor);
    if (!entry) {
      if (id === undefined)
        throw new WeftError<CheckpointErrorCode>('THREAD_NOT_FOUND', `thread "${threadId}" has no checkpoints; start it with run()`, {
          details: { threadId },
        });
      throw new WeftError<CheckpointErrorCode>(
        'CHECKPOINT_NOT_FOUND',
        `thread "${threadId}" has no checkpoint "${id}"; list them with history()`,
        {
          details: { threadId, checkpointId: id },
        },
      );
    }
    // Ancestors only give the state: any version of the graph wrote them (a thread resumed after a deploy
    // has older versions below its head). The head is checked as asked.
    return decodeEntry(entry, ancestor ? { name: graph.name } : graph, threadId, cache);
  };
  const head = await read(checkpointId);
  const deltas: StatePatch[][] = [];
  const links = [head];
  let base = head;
  while (!('full' in base.state)) {
    deltas.push(base.state.patches);
    base = await parentOf(base, head, threadId, read);
    links.push(base);
    // A store that answers from memory resolves every read at once: give timers (lease renewal) and I/O their turn.
    if (deltas.length % YIELD_EVERY === 0) await nextTurn();
  }
  // The blobs these records refer to, and only those, in one read.
  await resolveBlobs(store, threadId, links);
  return { head, base: base as CheckpointChain['base'], deltas };
}

/** Fetches entries, the head by `get` and ancestors by `chain()` batches when the store has it, decoded only when the walk reaches them. */
function aheadReader(
  store: CheckpointStore,
  snapshotEvery: number | undefined,
  threadId: string,
): (id: string | undefined, ancestor: boolean) => Promise<CheckpointEntry | undefined> {
  const ahead = new Map<string, CheckpointEntry>();
  let batch = FIRST_CHAIN_BATCH;
  let fetched = 1; // the head
  return async (id, ancestor) => {
    if (id === undefined) return store.get(threadId);
    const early = ahead.get(id);
    if (early || !ancestor || !store.chain) return early ?? store.get(threadId, id);
    // A chain written with this snapshotEvery is at most that long: do not fetch past its snapshot.
    const left = (snapshotEvery ?? MAX_CHAIN_BATCH) - fetched;
    const got = await store.chain(threadId, id, Math.max(1, Math.min(batch, left)));
    for (const e of got) ahead.set(e.id, e);
    fetched += got.length;
    batch = Math.min(batch * 4, MAX_CHAIN_BATCH);
    return ahead.get(id);
  };
}

/**
 * The parent a delta is applied to. A run always writes a parent before its
 * child, so the parent's seq must be lower: that is what makes the walk end
 * on any stored data (at most the head's seq links, each a stored entry). A
 * parent that is the delta itself, one of its descendants or any later
 * checkpoint is refused; without the rule such rows looped forever and
 * starved the process (lease renewal and HTTP stopped too).
 */
async function parentOf(
  child: CheckpointRecord,
  head: CheckpointRecord,
  threadId: string,
  read: (id: string, ancestor: boolean) => Promise<CheckpointRecord>,
): Promise<CheckpointRecord> {
  if (child.parentId === null)
    throw new WeftError<CheckpointErrorCode>(
      'CHECKPOINT_CORRUPT',
      `checkpoint "${child.id}" of thread "${threadId}" is a delta without a base`,
    );
  let parent: CheckpointRecord;
  try {
    parent = await read(child.parentId, true);
  } catch (err) {
    if (err instanceof WeftError && err.code === 'CHECKPOINT_NOT_FOUND') {
      throw new WeftError<CheckpointErrorCode>(
        'CHECKPOINT_CORRUPT',
        `the delta chain of checkpoint "${head.id}" is broken at "${child.parentId}"`,
        {
          cause: err,
        },
      );
    }
    throw err;
  }
  if (parent.seq < child.seq) return parent;
  throw new WeftError<CheckpointErrorCode>(
    'CHECKPOINT_CORRUPT',
    `checkpoint "${child.id}" (seq ${child.seq}) of thread "${threadId}" names "${parent.id}" (seq ${parent.seq}) as its parent, which was not written before it: these rows were not written by a run; nothing was loaded or run. Restore the store from a backup, or fork from a checkpoint that loads (history())`,
    { details: { threadId, checkpointId: child.id, parentId: parent.id, seq: child.seq, parentSeq: parent.seq } },
  );
}
