import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Patch } from 'immer';
import { applyPatchList } from '../state/apply-patch-list.ts';
import { deepFreeze } from '../state/deep-freeze.ts';
import { WeftError } from '../errors.ts';
import type { ChainPosition } from './checkpoint-writer.ts';
import type { CheckpointRecord } from './checkpoint-record.ts';
import type { CheckpointEntry, CheckpointStore } from './checkpoint-store.ts';
import { checkEntryMeta } from './check-entry-meta.ts';
import { decodeCheckpoint } from './codec.ts';

/** Ancestors asked of `store.chain()` in the first query; each further query asks for 4x more, up to the maximum. */
const FIRST_CHAIN_BATCH = 16;
const MAX_CHAIN_BATCH = 256;
/** Links walked between two turns of the event loop. */
const YIELD_EVERY = 64;

export interface LoadedCheckpoint {
  record: CheckpointRecord;
  /** The state at this checkpoint, rebuilt from the last snapshot and the deltas since; frozen all the way down. */
  state: unknown;
  chain: Omit<ChainPosition, 'seq'>;
}

/** Reads a checkpoint (the thread's latest without an id), checks it belongs to this graph, and rebuilds its state. */
export async function loadCheckpoint(
  store: CheckpointStore,
  graph: { name: string; hash: string; snapshotEvery?: number },
  threadId: string,
  checkpointId: string | undefined,
  cache?: Map<string, CheckpointRecord>,
): Promise<LoadedCheckpoint> {
  const check = (entry: CheckpointEntry) => checkEntry(entry, graph, threadId, cache);
  // Ancestors fetched ahead by store.chain(), decoded only when the walk reaches them.
  const ahead = new Map<string, CheckpointEntry>();
  let batch = FIRST_CHAIN_BATCH;
  let fetched = 1; // the head
  const fetchEntry = async (id: string | undefined, ancestor: boolean): Promise<CheckpointEntry | undefined> => {
    if (id === undefined) return store.get(threadId);
    const early = ahead.get(id);
    if (early || !ancestor || !store.chain) return early ?? store.get(threadId, id);
    // A chain written with this snapshotEvery is at most that long: do not fetch past its snapshot.
    const left = (graph.snapshotEvery ?? MAX_CHAIN_BATCH) - fetched;
    const got = await store.chain(threadId, id, Math.max(1, Math.min(batch, left)));
    for (const e of got) ahead.set(e.id, e);
    fetched += got.length;
    batch = Math.min(batch * 4, MAX_CHAIN_BATCH);
    return ahead.get(id);
  };
  const read = async (id: string | undefined, ancestor = false): Promise<CheckpointRecord> => {
    const hit = id === undefined ? undefined : cache?.get(id);
    if (hit) return hit;
    const entry = await fetchEntry(id, ancestor);
    if (!entry) {
      if (id === undefined)
        throw new WeftError('THREAD_NOT_FOUND', `thread "${threadId}" has no checkpoints; start it with run()`, { details: { threadId } });
      throw new WeftError('CHECKPOINT_NOT_FOUND', `thread "${threadId}" has no checkpoint "${id}"; list them with history()`, {
        details: { threadId, checkpointId: id },
      });
    }
    return check(entry);
  };
  const head = await read(checkpointId);
  const deltas: Patch[][] = [];
  let base = head;
  while (!('full' in base.state)) {
    deltas.push(base.state.patches);
    base = await parentOf(base, head, threadId, read);
    // A store that answers from memory resolves every read at once: give timers (lease renewal) and I/O their turn.
    if (deltas.length % YIELD_EVERY === 0) await nextTurn();
  }
  return {
    record: head,
    state: replay(base.state.full, deltas),
    // Bytes since the snapshot are not known without summing the chain: the next snapshot comes by depth.
    chain: { parentId: head.id, depth: deltas.length, deltaBytes: 0, snapshotBytes: Infinity },
  };
}

/**
 * The thread's head when this process remembers its state (see head-cache.ts):
 * only the head record is decoded and checked, and the state comes from
 * memory instead of a snapshot and the deltas since. A resume right after an
 * interrupt decoded three records of a three-step thread before.
 */
export function loadRememberedHead(
  graph: { name: string; hash: string },
  head: CheckpointEntry,
  known: { state: unknown; position: ChainPosition },
): LoadedCheckpoint {
  const record = checkEntry(head, graph, head.threadId, undefined);
  // The chain position a load gives (see loadCheckpoint), so a resume writes the same chain either way.
  return { record, state: known.state, chain: { parentId: head.id, depth: known.position.depth, deltaBytes: 0, snapshotBytes: Infinity } };
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
    throw new WeftError('CHECKPOINT_CORRUPT', `checkpoint "${child.id}" of thread "${threadId}" is a delta without a base`);
  let parent: CheckpointRecord;
  try {
    parent = await read(child.parentId, true);
  } catch (err) {
    if (err instanceof WeftError && err.code === 'CHECKPOINT_NOT_FOUND') {
      throw new WeftError('CHECKPOINT_CORRUPT', `the delta chain of checkpoint "${head.id}" is broken at "${child.parentId}"`, {
        cause: err,
      });
    }
    throw err;
  }
  if (parent.seq < child.seq) return parent;
  throw new WeftError(
    'CHECKPOINT_CORRUPT',
    `checkpoint "${child.id}" (seq ${child.seq}) of thread "${threadId}" names "${parent.id}" (seq ${parent.seq}) as its parent, which was not written before it: these rows were not written by a run; nothing was loaded or run. Restore the store from a backup, or fork from a checkpoint that loads (history())`,
    { details: { threadId, checkpointId: child.id, parentId: parent.id, seq: child.seq, parentSeq: parent.seq } },
  );
}

/**
 * The snapshot with the deltas applied, oldest first (`deltas` is newest
 * first), as one batch: each container is copied once for the whole chain,
 * and splices on a list stay linear across deltas (see applyPatchList).
 */
function replay(snapshot: unknown, deltas: readonly Patch[][]): unknown {
  const patches: Patch[] = [];
  for (let i = deltas.length - 1; i >= 0; i--) for (const patch of deltas[i]!) patches.push(patch);
  // Frozen before the deltas: they copy only what they change, so freezing the result afterwards would stop at its frozen root.
  return applyPatchList(deepFreeze(snapshot), patches);
}

/** Decodes a stored entry and checks that it is the checkpoint asked for, written by this graph. */
function checkEntry(
  entry: CheckpointEntry,
  graph: { name: string; hash: string },
  threadId: string,
  cache: Map<string, CheckpointRecord> | undefined,
): CheckpointRecord {
  const record = decodeCheckpoint(entry.bytes, `"${entry.id}" of thread "${threadId}"`);
  checkEntryMeta(entry, record, threadId);
  if (record.graph !== graph.name || record.hash !== graph.hash) {
    throw new WeftError(
      'CHECKPOINT_GRAPH_MISMATCH',
      `checkpoint "${record.id}" was written by graph "${record.graph}" (structure ${record.hash}); this is graph "${graph.name}" (structure ${graph.hash}); resume it with the graph that wrote it`,
      {
        details: {
          threadId,
          checkpointId: record.id,
          expected: { name: graph.name, hash: graph.hash },
          found: { name: record.graph, hash: record.hash },
        },
      },
    );
  }
  cache?.set(record.id, record);
  return record;
}
