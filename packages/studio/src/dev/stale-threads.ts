import { type AnyCompiledGraph, type CheckpointStatus, type CheckpointStore, type GraphJSON } from '@weft/graph';
import { headGraph } from '../threads/head-graph.ts';
import { threadVersion } from '../threads/thread-version.ts';
import { graphChanges, type GraphChanges } from './graph-changes.ts';

/** A thread whose latest checkpoint another build of the graph wrote, and that the served build cannot continue as it is. */
export interface StaleThread {
  threadId: string;
  status: CheckpointStatus;
  /** The structure hash its latest checkpoint was written with. */
  hash: string;
  /** What changed from that build to the served one; null when that build was not served by this studio (its description is unknown). */
  changes: GraphChanges | null;
}

/** The graphs a studio has served, by structure hash: what a stale thread's build looked like. */
export type SeenGraphs = ReadonlyMap<string, GraphJSON>;

/**
 * The threads, among the `limit` most recently changed, that the served graph
 * cannot resume as they are: their head checkpoint was written by a graph of
 * one of the names this studio served (a store shared with other modules
 * holds threads that were never this graph's, and those are not flagged) with
 * another structure, and `checkThread()` finds them blocked or needing a
 * migration (a build that only added a node after a thread's frontier still
 * continues it). Each carries what changed since its build, when the studio
 * served that build.
 */
export async function staleThreads(store: CheckpointStore, graph: AnyCompiledGraph, seen: SeenGraphs, limit = 100): Promise<StaleThread[]> {
  const served = graph.toJSON();
  const names = new Set([served.name, ...[...seen.values()].map((g) => g.name)]);
  const threads = (await store.threads()).sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
  const stale: StaleThread[] = [];
  for (const t of threads) {
    const head = await headGraph(store, t.threadId, t.headId);
    if (!head || !names.has(head.name) || head.hash === served.hash) continue;
    const verdict = await threadVersion(graph, t.threadId, head);
    if (verdict?.status === 'compatible') continue;
    const before = seen.get(head.hash);
    stale.push({ threadId: t.threadId, status: t.status, hash: head.hash, changes: before ? graphChanges(before, served) : null });
  }
  return stale;
}
