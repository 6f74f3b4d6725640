import type { GraphJSON, GraphNodeJSON } from '@weft/graph';

/** A node present in both graphs whose description differs: which of its fields (an annotation by its own name: `instruction`, `tools`). */
export interface ChangedNode {
  node: string;
  fields: string[];
}

/**
 * What differs between two builds of a graph, by node id (a subgraph's nodes
 * as `parent/child`): nodes added and removed, nodes whose description
 * changed, and edges (`from -> to`) added and removed between nodes both
 * have (an added node's edges come with it). Enough to say why a
 * thread written by one build cannot resume on the other; not a migration.
 */
export interface GraphChanges {
  added: string[];
  removed: string[];
  changed: ChangedNode[];
  edgesAdded: string[];
  edgesRemoved: string[];
}

/**
 * Compares two graphs' JSON descriptions (`compiled.toJSON()`).
 *
 * @example
 * const changes = graphChanges(before.toJSON(), after.toJSON());
 * // { added: ['Billing:refund'], removed: [], changed: [{ node: 'Billing', fields: ['instruction'] }], … }
 */
export function graphChanges(before: GraphJSON, after: GraphJSON): GraphChanges {
  const changes: GraphChanges = { added: [], removed: [], changed: [], edgesAdded: [], edgesRemoved: [] };
  compareLevel(before, after, '', changes);
  return changes;
}

/** One line for a person: `added Refunds; changed Billing (instruction)`; `no node changed` when nothing did. */
export function describeChanges(c: GraphChanges): string {
  const parts = [
    c.added.length > 0 ? `added ${c.added.join(', ')}` : '',
    c.removed.length > 0 ? `removed ${c.removed.join(', ')}` : '',
    c.changed.length > 0 ? `changed ${c.changed.map((n) => `${n.node} (${n.fields.join(', ')})`).join(', ')}` : '',
    c.edgesAdded.length > 0 ? `new edges ${c.edgesAdded.join(', ')}` : '',
    c.edgesRemoved.length > 0 ? `edges gone ${c.edgesRemoved.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'no node changed';
}

function compareLevel(before: GraphJSON, after: GraphJSON, prefix: string, out: GraphChanges): void {
  const old = new Map(before.nodes.map((n) => [n.id, n]));
  const now = new Map(after.nodes.map((n) => [n.id, n]));
  for (const [id, node] of now) {
    const was = old.get(id);
    if (!was) out.added.push(prefix + id);
    else compareNode(was, node, prefix + id, out);
  }
  for (const id of old.keys()) if (!now.has(id)) out.removed.push(prefix + id);
  // An edge to or from an added or removed node comes with it: only the edges between nodes both builds have are listed.
  const kept = (e: { from: string; to: string }) => old.has(e.from) && now.has(e.from) && old.has(e.to) && now.has(e.to);
  const edges = (g: GraphJSON) => new Set(g.edges.filter(kept).map((e) => `${prefix}${e.from} -> ${prefix}${e.to}`));
  const [oldEdges, newEdges] = [edges(before), edges(after)];
  out.edgesAdded.push(...[...newEdges].filter((e) => !oldEdges.has(e)));
  out.edgesRemoved.push(...[...oldEdges].filter((e) => !newEdges.has(e)));
}

function compareNode(was: GraphNodeJSON, node: GraphNodeJSON, id: string, out: GraphChanges): void {
  const fields: string[] = (['kind', 'trigger', 'address'] as const).filter((k) => was[k] !== node[k]);
  const [a, b] = [was.annotations ?? {}, node.annotations ?? {}];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) fields.push(key);
  if (fields.length > 0) out.changed.push({ node: id, fields });
  if (was.subgraph && node.subgraph) compareLevel(was.subgraph, node.subgraph, `${id}/`, out);
  else if (!was.subgraph !== !node.subgraph) out.changed.push({ node: id, fields: ['subgraph'] });
}
