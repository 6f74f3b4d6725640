import { isDeepStrictEqual } from 'node:util';
import type { GraphJSON, GraphNodeJSON } from '../compiler/graph-json.ts';
import type { NodeFieldChange } from './graph-diff.ts';
import { isAgentNode } from './rename-candidates.ts';

/**
 * How a node present in both versions of a graph level changed, in the order
 * `NodeChange.changes` promises. A join's fan-in is every node with an edge or
 * a branch into it, prefixed; annotations are compared only for nodes outside
 * agents.
 */
export function nodeChanges(
  old: GraphJSON,
  next: GraphJSON,
  before: GraphNodeJSON,
  after: GraphNodeJSON,
  prefix: string,
): NodeFieldChange[] {
  const changes: NodeFieldChange[] = [];
  if (before.kind !== after.kind) changes.push({ field: 'kind', before: before.kind, after: after.kind });
  if (before.trigger !== after.trigger) changes.push({ field: 'trigger', before: before.trigger, after: after.trigger });
  if (before.address !== after.address) changes.push({ field: 'address', before: before.address, after: after.address });
  if (before.trigger === 'all' && after.trigger === 'all') {
    const was = fanIn(old, before.id, prefix);
    const now = fanIn(next, after.id, prefix);
    if (!isDeepStrictEqual(was, now)) changes.push({ field: 'fan-in', before: was, after: now });
  }
  if (before.subgraph?.name !== after.subgraph?.name) {
    changes.push({ field: 'subgraph', before: before.subgraph?.name, after: after.subgraph?.name });
  }
  if (!isAgentNode(before) && !isAgentNode(after)) {
    const keys = changedKeys(before.annotations ?? {}, after.annotations ?? {});
    if (keys.length > 0) changes.push({ field: 'annotations', keys });
  }
  return changes;
}

/** The nodes a join waits for, in edge order. */
function fanIn(json: GraphJSON, id: string, prefix: string): string[] {
  return [...new Set(json.edges.filter((e) => e.to === id).map((e) => prefix + e.from))];
}

/** Keys of either object whose values differ (absent on one side counts), in first-seen order. */
function changedKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => !isDeepStrictEqual(a[k], b[k]));
}
