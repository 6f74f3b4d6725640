import type { CheckpointStore } from '@weft/graph';
import { headSummary } from './head-summary.ts';

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
  return (await headSummary(store, threadId, headId))?.graph ?? null;
}
