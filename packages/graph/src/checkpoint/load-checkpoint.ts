import type { Patch } from 'immer';
import { type CheckpointEntry, type CheckpointRecord, type CheckpointStore, decodeEntry, readChain, resolveBlobs } from '@weft/checkpoint';
import { applyPatchList } from '../state/apply-patch-list.ts';
import { deepFreeze } from '../state/deep-freeze.ts';
import type { ChainPosition } from './checkpoint-writer.ts';

export interface LoadedCheckpoint {
  record: CheckpointRecord;
  /** The state at this checkpoint, rebuilt from the last snapshot and the deltas since; frozen all the way down. */
  state: unknown;
  chain: Omit<ChainPosition, 'seq'>;
}

/**
 * Reads a checkpoint (the thread's latest without an id) and the chain back
 * to its snapshot (`readChain`: checked to belong to this graph — to any
 * version of it with `anyVersion` — and to be a chain a run writes), and
 * rebuilds its state.
 */
export async function loadCheckpoint(
  store: CheckpointStore,
  graph: { name: string; hash: string; snapshotEvery?: number },
  threadId: string,
  checkpointId: string | undefined,
  cache?: Map<string, CheckpointRecord>,
  anyVersion = false,
): Promise<LoadedCheckpoint> {
  // With anyVersion, a checkpoint of another version of the graph loads too: the caller judges it (see resolveHead).
  const identity = anyVersion ? { name: graph.name, snapshotEvery: graph.snapshotEvery } : graph;
  const { head, base, deltas } = await readChain(store, identity, threadId, checkpointId, cache);
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
 * interrupt decoded three records of a three-step thread before. Blob
 * references in the head (a task's input, say) are read from the store.
 */
export async function loadRememberedHead(
  store: CheckpointStore,
  graph: { name: string; hash: string },
  head: CheckpointEntry,
  known: { state: unknown; position: ChainPosition },
): Promise<LoadedCheckpoint> {
  const record = decodeEntry(head, graph, head.threadId);
  await resolveBlobs(store, head.threadId, [record]);
  // The chain position a load gives (see loadCheckpoint), so a resume writes the same chain either way.
  return { record, state: known.state, chain: { parentId: head.id, depth: known.position.depth, deltaBytes: 0, snapshotBytes: Infinity } };
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
