import type { CheckpointStore } from '@weft/graph';
import { headSummary, type GraphIdentity } from './head-summary.ts';

/**
 * The graph that wrote a thread's head checkpoint, or null when it cannot be
 * read (gone since, or damaged: the thread list says so itself). The thread
 * list and `weft dev`'s stale threads both ask it.
 */
export async function headGraph(store: CheckpointStore, threadId: string, headId: string): Promise<GraphIdentity | null> {
  return (await headSummary(store, threadId, headId))?.graph ?? null;
}
