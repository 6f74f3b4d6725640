import type { CheckpointStore } from '@weft/checkpoint';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';

/** The graph versions each store was given by this process: one putGraph per store and version. */
const remembered = new WeakMap<CheckpointStore, Set<string>>();

/**
 * Gives the store this graph's description (when the store keeps graph
 * versions), the first time this process writes a thread with it: so any
 * checkpoint can later be read against the graph that wrote it (`weft graph
 * --hash`, migration checks that compare join fan-ins). The store's own
 * first-write-wins makes racing processes harmless.
 */
export async function rememberGraph(store: CheckpointStore, plan: ExecutionPlan): Promise<void> {
  if (!store.putGraph) return;
  let known = remembered.get(store);
  if (known === undefined) remembered.set(store, (known = new Set()));
  const key = `${plan.name}\n${plan.hash}`;
  if (known.has(key)) return;
  await store.putGraph({
    name: plan.name,
    hash: plan.hash,
    ...(plan.version === undefined ? {} : { version: plan.version }),
    json: JSON.stringify(plan.json),
    createdAt: Date.now(),
  });
  known.add(key);
}
