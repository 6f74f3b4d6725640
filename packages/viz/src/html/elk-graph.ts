import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { clusterTitle } from '../draw/cluster-tree.ts';
import type { DrawingLevel } from '../model/agent-view.ts';
import type { VizModel } from '../model/viz-model.ts';
import { flowOrder } from './flow-order.ts';
import { EDGE_LABEL_FONT, NODE_FONT, nodeSize, textWidth } from './node-size.ts';

/** ELK ids are prefixed by what they stand for: a node's and a cluster's ids may be the same text. */
export const elkId = {
  node: (id: string) => `n:${id}`,
  cluster: (id: string) => `c:${id}`,
  edge: (id: string) => `e:${id}`,
};

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  // One layout across cluster borders, so edges between nested agents route cleanly.
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  // Keep the children's order (flow order, see flowOrder) where the layering allows: similar graphs get similar pictures.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // Cycles are broken along a depth-first walk from the entry, so an agent's router, not its model, takes the edge going back up.
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.spacing.edgeEdge': '8',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.spacing.edgeLabel': '4',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
};

/**
 * The agent level's few nodes run across the page (a pane is wider than
 * tall), packed closer, with splines: a handful of agents each with a way to
 * END, laid orthogonally, took a track per edge and made the support
 * example 735 units wide, its 12 px labels 9 px at fit in a 572 px pane.
 */
const AGENT_LEVEL_OPTIONS = {
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'SPLINES',
  'elk.spacing.nodeNode': '18',
  'elk.layered.spacing.nodeNodeBetweenLayers': '30',
};

/** Cycle breaking is set per cluster too: each compound node is laid out with its own options. (Model-order options here crash ELK 0.11.) */
const CLUSTER_OPTIONS = {
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.padding': '[top=12,left=14,bottom=14,right=14]',
  'elk.nodeLabels.placement': '[H_LEFT, V_TOP, INSIDE]',
  'elk.nodeSize.constraints': '[NODE_LABELS]',
};

/**
 * The model as an ELK graph: clusters are compound nodes holding their nodes
 * and sub-clusters, and each edge sits in the innermost cluster holding both
 * ends (ELK gives its route relative to that container).
 */
export function toElkGraph(model: VizModel, level: DrawingLevel = 'nodes'): ElkNode {
  const options = level === 'agents' ? { ...ROOT_OPTIONS, ...AGENT_LEVEL_OPTIONS } : ROOT_OPTIONS;
  const root: ElkNode = { id: 'root', layoutOptions: options, children: [], edges: [] };
  const containers = new Map<string | undefined, ElkNode>([[undefined, root]]);
  const parents = new Map(model.clusters.map((c) => [c.id, c.parent]));
  // Every container lists its children in flow order, a cluster where its first node is: ELK's model order then runs START to END.
  const rank = new Map<string, number>();
  flowOrder(model).forEach((id, i) => rank.set(elkId.node(id), i));
  for (const cluster of model.clusters) {
    const box: ElkNode = {
      id: elkId.cluster(cluster.id),
      layoutOptions: CLUSTER_OPTIONS,
      labels: [{ text: clusterTitle(cluster), width: textWidth(clusterTitle(cluster), NODE_FONT) + 8, height: 18 }],
      children: [],
      edges: [],
    };
    containers.set(cluster.id, box);
    (containers.get(cluster.parent) ?? root).children!.push(box);
  }
  for (const node of model.nodes) {
    const id = elkId.node(node.id);
    (containers.get(node.cluster) ?? root).children!.push({ id, ...nodeSize(node, level) });
    for (let c = node.cluster; c !== undefined; c = parents.get(c)) {
      const key = elkId.cluster(c);
      rank.set(key, Math.min(rank.get(key) ?? Infinity, rank.get(id)!));
    }
  }
  for (const box of containers.values()) box.children!.sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
  const clusterOf = new Map(model.nodes.map((n) => [n.id, n.cluster]));
  for (const edge of model.edges) {
    const container = commonCluster(clusterOf.get(edge.from), clusterOf.get(edge.to), parents);
    const elkEdge: ElkExtendedEdge = { id: elkId.edge(edge.id), sources: [elkId.node(edge.from)], targets: [elkId.node(edge.to)] };
    if (edge.label) elkEdge.labels = [{ text: edge.label, width: textWidth(edge.label, EDGE_LABEL_FONT) + 6, height: 14 }];
    (containers.get(container) ?? root).edges!.push(elkEdge);
  }
  return root;
}

/** The innermost cluster holding both clusters (undefined: the top level). */
export function commonCluster(
  a: string | undefined,
  b: string | undefined,
  parents: ReadonlyMap<string, string | undefined>,
): string | undefined {
  const chain = (c: string | undefined) => {
    const out: (string | undefined)[] = [];
    for (let at = c; at !== undefined; at = parents.get(at)) out.push(at);
    return out;
  };
  const ofB = new Set(chain(b));
  return chain(a).find((c) => ofB.has(c));
}
