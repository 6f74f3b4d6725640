import type { GraphJSON } from '@weft/graph';

/** A compiled graph's IR read for paths: each (sub)graph by its prefix, its nodes' kinds and its edges. */
export interface GraphIndex {
  /** By prefix (`''` for the top graph, `outer` or `outer/inner` inside subgraphs). */
  readonly graphs: ReadonlyMap<string, IndexedGraph>;
}

export interface IndexedGraph {
  readonly json: GraphJSON;
  /** Node kind by node id. */
  readonly kinds: ReadonlyMap<string, string>;
  /** Successors by node id. */
  readonly next: ReadonlyMap<string, ReadonlySet<string>>;
}

export const START_NODE = '__start__';
export const END_NODE = '__end__';

/**
 * Indexes a compiled graph's IR and every subgraph in it by prefix, so a
 * path recorder can tell which edge a node's start took and a coverage count
 * can list every node and edge once.
 *
 * @example
 * const index = graphIndex(runner.graph.toJSON());
 * index.graphs.get('')?.next.get('__start__'); // Set { 'run:start' }
 */
export function graphIndex(json: GraphJSON): GraphIndex {
  const graphs = new Map<string, IndexedGraph>();
  const visit = (graph: GraphJSON, prefix: string): void => {
    const kinds = new Map<string, string>();
    const next = new Map<string, Set<string>>();
    for (const node of graph.nodes) {
      kinds.set(node.id, node.kind);
      if (node.subgraph) visit(node.subgraph, qualify(prefix, node.id));
    }
    for (const edge of graph.edges) {
      const targets = next.get(edge.from) ?? new Set<string>();
      targets.add(edge.to);
      next.set(edge.from, targets);
    }
    graphs.set(prefix, { json: graph, kinds, next });
  };
  visit(json, '');
  return { graphs };
}

/** A node's id as paths and coverage name it: its subgraph prefix, then its own id. */
export function qualify(prefix: string, node: string): string {
  return prefix === '' ? node : `${prefix}/${node}`;
}

/** An edge's name in paths and coverage: `from -> to`, both qualified. */
export function edgeName(prefix: string, from: string, to: string): string {
  return `${qualify(prefix, from)} -> ${qualify(prefix, to)}`;
}
