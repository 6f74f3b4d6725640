import { isDeepStrictEqual } from 'node:util';
import type { GraphEdgeJSON, GraphJSON } from '../compiler/graph-json.ts';
import { diffAgents } from './diff-agents.ts';
import type { EdgeEntry, GraphDiff, NodeEntry, SchemaChange } from './graph-diff.ts';
import { nodeChanges } from './node-changes.ts';
import { renameCandidates } from './rename-candidates.ts';

/**
 * Compares two versions of a graph (`compiled.toJSON()`, or a stored
 * version's JSON): which nodes, edges, schemas and agents were added, removed
 * or changed, and which removed nodes were probably renamed to added ones.
 * Pure and synchronous; both inputs are left as they are.
 *
 * `status` says what a thread checkpointed on `old` meets: `identical` and
 * `same-structure` keep the hash (checkpoints load as they are), `structural`
 * does not. Nodes inside a subgraph node present in both versions are
 * compared too, their ids prefixed `outer/inner` (see `GraphDiff`).
 *
 * @example
 * import { graph, START, END, diffGraphs, formatGraphDiff } from '@weft/graph';
 *
 * const v1 = graph({ name: 'refunds' })
 *   .addNode('approve', (x: unknown) => x)
 *   .addEdge(START, 'approve').addEdge('approve', END)
 *   .compile();
 * const v2 = graph({ name: 'refunds' })
 *   .addNode('review_refund', (x: unknown) => x)
 *   .addEdge(START, 'review_refund').addEdge('review_refund', END)
 *   .compile();
 * const diff = diffGraphs(v1.toJSON(), v2.toJSON());
 * diff.status; // 'structural'
 * diff.nodes.renames; // [{ certainty: 'probable', from: 'approve', to: 'review_refund', evidence: [...] }]
 * formatGraphDiff(diff); // ['structural: hash … -> …', '+ node review_refund (lambda)', …]
 */
export function diffGraphs(old: GraphJSON, next: GraphJSON): GraphDiff {
  const diff: GraphDiff = {
    status: 'identical',
    hash: { before: old.hash, after: next.hash },
    nodes: { added: [], removed: [], changed: [], renames: [] },
    edges: { added: [], removed: [] },
    schemas: [],
    agents: { added: [], removed: [], changed: [] },
  };
  if (old.name !== next.name) diff.name = { before: old.name, after: next.name };
  if (old.version !== next.version) diff.version = { before: old.version, after: next.version };
  diffLevel(old, next, '', diff);
  if (old.hash !== next.hash) diff.status = 'structural';
  else if (!isEmpty(diff)) diff.status = 'same-structure';
  return diff;
}

/** One graph level, then the subgraphs held by a node of the same id on both sides. */
function diffLevel(old: GraphJSON, next: GraphJSON, prefix: string, diff: GraphDiff): void {
  const oldIds = new Map(old.nodes.map((n) => [n.id, n]));
  const nextIds = new Map(next.nodes.map((n) => [n.id, n]));
  const removed = old.nodes.filter((n) => !nextIds.has(n.id));
  const added = next.nodes.filter((n) => !oldIds.has(n.id));
  const entry = (n: NodeEntry): NodeEntry => ({ id: prefix + n.id, kind: n.kind, trigger: n.trigger });
  diff.nodes.removed.push(...removed.map(entry));
  diff.nodes.added.push(...added.map(entry));
  for (const after of next.nodes) {
    const before = oldIds.get(after.id);
    if (!before) continue;
    const changes = nodeChanges(old, next, before, after, prefix);
    if (changes.length > 0) diff.nodes.changed.push({ id: prefix + after.id, changes });
  }
  const renames = renameCandidates(old, next, removed, added);
  diff.nodes.renames.push(...renames.map((c) => ({ ...c, from: prefix + c.from, to: prefix + c.to })));
  diff.edges.removed.push(...missingEdges(old.edges, next.edges, prefix));
  diff.edges.added.push(...missingEdges(next.edges, old.edges, prefix));
  diff.schemas.push(...schemaChanges(old, next, prefix.slice(0, -1)));
  diffAgents(old, next, prefix, diff.agents);
  for (const after of next.nodes) {
    const before = oldIds.get(after.id);
    if (before?.subgraph && after.subgraph) diffLevel(before.subgraph, after.subgraph, `${prefix}${after.id}/`, diff);
  }
}

/** The edges of `from` that `other` lacks (same ends and kind), prefixed, each once. */
function missingEdges(from: GraphEdgeJSON[], other: GraphEdgeJSON[], prefix: string): EdgeEntry[] {
  const key = (e: GraphEdgeJSON) => `${e.kind}\u0000${e.from}\u0000${e.to}`;
  const seen = new Set(other.map(key));
  return from.flatMap((e) => {
    if (seen.has(key(e))) return [];
    seen.add(key(e));
    return [{ from: prefix + e.from, to: prefix + e.to, kind: e.kind }];
  });
}

function schemaChanges(old: GraphJSON, next: GraphJSON, at: string): SchemaChange[] {
  return (['input', 'output'] as const).flatMap((schema): SchemaChange[] => {
    const before = old[schema];
    const after = next[schema];
    if (isDeepStrictEqual(before, after)) return [];
    if (before === undefined) return after === undefined ? [] : [{ at, schema, change: 'added', after }];
    if (after === undefined) return [{ at, schema, change: 'removed', before }];
    return [{ at, schema, change: 'changed', before, after }];
  });
}

function isEmpty(diff: GraphDiff): boolean {
  const lists = [...Object.values(diff.nodes), ...Object.values(diff.edges), diff.schemas, ...Object.values(diff.agents)] as unknown[][];
  return diff.name === undefined && diff.version === undefined && lists.every((list) => list.length === 0);
}
