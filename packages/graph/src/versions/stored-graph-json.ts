import type { CheckpointRecord, CheckpointStore } from '@weft/checkpoint';
import type { GraphJSON } from '../compiler/graph-json.ts';

/**
 * The description of the graph version that wrote `record`, when the store
 * kept it; undefined otherwise (a store without graph versions, a thread
 * older than them, stored text that is not that graph's JSON).
 */
export async function storedGraphJson(
  store: CheckpointStore,
  record: Pick<CheckpointRecord, 'graph' | 'hash'>,
): Promise<GraphJSON | undefined> {
  const stored = await store.getGraph?.(record.graph, record.hash);
  if (stored === undefined) return undefined;
  try {
    const json = JSON.parse(stored.json) as GraphJSON;
    if (json?.name !== record.graph || json.hash !== record.hash || !Array.isArray(json.nodes) || !Array.isArray(json.edges))
      return undefined;
    return stored.version === undefined || json.version !== undefined ? json : { ...json, version: stored.version };
  } catch {
    return undefined;
  }
}
