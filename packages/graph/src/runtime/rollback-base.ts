import { type CheckpointEntry, type CheckpointStore, decodeEntry } from '@weft/checkpoint';
import { WeftError } from '../errors.ts';

/** The sources of the checkpoint a run writes before its first step: where a run starts. */
const RUN_STARTS = new Set(['input', 'resume', 'fork']);

/**
 * Where a 'rollback' run starts: the checkpoint the stopped run started
 * from. Walks back from the thread's head (the stopped run's last
 * checkpoint) to the checkpoint its run wrote before its first step (source
 * input, resume or fork; a 'migrate' one on the way is passed), and returns
 * that one's parent: undefined when the thread has no checkpoints, null when
 * the stopped run was the thread's first (the rollback starts from the
 * graph's initial state). Only reads: the stopped run's checkpoints stay.
 */
export async function rollbackBase(
  store: CheckpointStore,
  graph: { name: string },
  threadId: string,
): Promise<CheckpointEntry | null | undefined> {
  let entry = await store.get(threadId);
  if (!entry) return undefined;
  for (;;) {
    const record = decodeEntry(entry, { name: graph.name }, threadId);
    if (RUN_STARTS.has(record.source)) return record.parentId === null ? null : read(store, threadId, record.parentId);
    if (record.parentId === null) return null;
    entry = await read(store, threadId, record.parentId);
  }
}

async function read(store: CheckpointStore, threadId: string, id: string): Promise<CheckpointEntry> {
  const entry = await store.get(threadId, id);
  if (!entry)
    throw new WeftError(
      'CHECKPOINT_NOT_FOUND',
      `checkpoint "${id}" of thread "${threadId}" is gone (pruned?): a rollback cannot find where the stopped run started; run with multitask 'interrupt' instead`,
      { details: { threadId, checkpointId: id } },
    );
  return entry;
}
