import { decodeCheckpoint, type CheckpointStore } from '@weft/graph';
import { threadUsage, type ThreadUsage } from './thread-usage.ts';

/** The graph a checkpoint was written by: its name and structure hash, and its version label when it had one. */
export interface GraphIdentity {
  name: string;
  hash: string;
  version?: string;
}

/** What the thread list reads from a thread's head checkpoint. */
export interface HeadSummary {
  graph: GraphIdentity;
  usage: ThreadUsage;
}

/**
 * A thread's head checkpoint, decoded once for the list: the graph that
 * wrote it, and what the thread spent up to it against its budget. Null
 * when it cannot be read (gone since, or damaged: the list says so itself).
 */
export async function headSummary(store: CheckpointStore, threadId: string, headId: string): Promise<HeadSummary | null> {
  const entry = await store.get(threadId, headId);
  if (!entry) return null;
  try {
    const record = decodeCheckpoint(entry.bytes, `thread "${threadId}" checkpoint "${headId}"`);
    const graph = { name: record.graph, hash: record.hash, ...(record.version === undefined ? {} : { version: record.version }) };
    return { graph, usage: threadUsage(record.usage, record.budget) };
  } catch {
    return null;
  }
}
