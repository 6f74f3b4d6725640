import { decodeCheckpoint, type CheckpointStore } from '@weft/graph';

/** The graph a checkpoint was written by: its name and structure hash, and its version label when it had one. */
export interface GraphIdentity {
  name: string;
  hash: string;
  version?: string;
}

/**
 * The graph that wrote a thread's head checkpoint, or null when it cannot be
 * read (gone since, or damaged: the thread list says so itself). The thread
 * list and `weft dev`'s stale threads both ask it.
 */
export async function headGraph(store: CheckpointStore, threadId: string, headId: string): Promise<GraphIdentity | null> {
  const entry = await store.get(threadId, headId);
  if (!entry) return null;
  try {
    const record = decodeCheckpoint(entry.bytes, `thread "${threadId}" checkpoint "${headId}"`);
    return { name: record.graph, hash: record.hash, ...(record.version === undefined ? {} : { version: record.version }) };
  } catch {
    return null;
  }
}
