import type { GraphJSON } from '@weft/graph';
import { END_NODE, START_NODE, edgeName, graphIndex, qualify } from '../run/graph-index.ts';
import type { GraphPath } from '../run/graph-path.ts';
import type { CoverageCount, EvalCoverage } from './eval-report.ts';

/**
 * Which nodes and edges of the compiled graph (subgraphs included) the
 * eval's cases went through, and which none did: the parts of the system no
 * case exercises. START and END are not counted as nodes; the edges from
 * START and into END are counted as edges.
 *
 * @example
 * const { nodes, edges } = coverage(report.graph, report.cases.map((c) => c.path));
 * console.log(`${nodes.covered}/${nodes.total} nodes; never reached: ${nodes.missed.join(', ')}`);
 */
export function coverage(graph: GraphJSON, paths: readonly GraphPath[]): EvalCoverage {
  const nodes: string[] = [];
  const edges: string[] = [];
  for (const [prefix, indexed] of graphIndex(graph).graphs) {
    for (const node of indexed.json.nodes) if (node.id !== START_NODE && node.id !== END_NODE) nodes.push(qualify(prefix, node.id));
    for (const edge of indexed.json.edges) edges.push(edgeName(prefix, edge.from, edge.to));
  }
  const seenNodes = new Set(paths.flatMap((p) => p.nodes));
  const seenEdges = new Set(paths.flatMap((p) => p.edges));
  return { nodes: count(unique(nodes), seenNodes), edges: count(unique(edges), seenEdges) };
}

function count(all: readonly string[], seen: ReadonlySet<string>): CoverageCount {
  const missed = all.filter((x) => !seen.has(x));
  const covered = all.length - missed.length;
  return { covered, total: all.length, ratio: all.length === 0 ? 1 : covered / all.length, missed };
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
