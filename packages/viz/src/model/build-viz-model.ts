import { START, type AnyCompiledGraph, type GraphJSON, type GraphNodeJSON } from '@weft/graph';
import { classifyEdge, nodeLabel, type EdgeClass } from './classify-edge.ts';
import { agentPathOf, indexGraph, type GraphIndex } from './graph-index.ts';
import { VizError } from '../errors.ts';
import { readGraph } from './read-graph.ts';
import type { VizCluster, VizEdge, VizModel, VizNode } from './viz-model.ts';

/** Where one graph level sits in the model: its nodes' id prefix and the cluster holding it. */
interface Level {
  /** `''` at the top, `A:agent:Inner/` inside that node's subgraph. */
  prefix: string;
  cluster: string | undefined;
}

interface Out {
  clusters: VizCluster[];
  clusterIds: Set<string>;
  nodes: VizNode[];
  edges: VizEdge[];
  /** Edges seen per `from->to`, for the `#n` of repeated pairs. */
  pairs: Map<string, number>;
}

/**
 * The drawing model of a compiled graph (or its GraphJSON): every node with
 * its path as id, agents as nested clusters, every edge classified.
 *
 * - Clusters: an agent's cluster is `agent:Root/agent:Child/…` from its
 *   `agentPath`; the agent tree (sub-agents, workflow children) is the cluster
 *   nesting. A node holding a subgraph (an agent tool, a plain subgraph node)
 *   gets a cluster of kind `subgraph` whose id is the node's id; the inner
 *   graph's nodes and agent clusters sit inside it, ids prefixed with it.
 * - START and END of inner graphs are kept (`A:agent:Inner/__start__`), so a
 *   subgraph is drawn whole and every inner edge has both ends; the node that
 *   holds the subgraph gets one extra edge to its inner START (kind
 *   `agent-tool` for an agent tool, `edge` otherwise), which is not in the IR.
 * - Deterministic: arrays follow the IR's order, maps are only looked up.
 */
export function vizModel(graph: AnyCompiledGraph | GraphJSON): VizModel {
  return buildVizModel(graph, 'vizModel');
}

/** The same model under the name the viewer's data format goes by: `toJSON(graph)` is `vizModel(graph)`. */
export function toJSON(graph: AnyCompiledGraph | GraphJSON): VizModel {
  return buildVizModel(graph, 'toJSON');
}

/** `vizModel` for the other views, whose errors name the function the caller called. */
export function buildVizModel(graph: AnyCompiledGraph | GraphJSON, caller: string): VizModel {
  const json = readGraph(graph, caller);
  const out: Out = { clusters: [], clusterIds: new Set(), nodes: [], edges: [], pairs: new Map() };
  const top: Level = { prefix: '', cluster: undefined };
  addNodes(json, top, out);
  addEdges(json, top, out);
  return { name: json.name, hash: json.hash, clusters: out.clusters, nodes: out.nodes, edges: out.edges };
}

function addNodes(g: GraphJSON, level: Level, out: Out): void {
  const index = indexGraph(g);
  for (const node of g.nodes) {
    const id = level.prefix + node.id;
    const cluster = agentCluster(node, index, level, out);
    out.nodes.push({
      id,
      label: nodeLabel(node.id),
      kind: node.kind,
      cluster,
      join: node.trigger === 'all',
      annotations: plain(node.annotations ?? {}, id),
    });
    if (node.subgraph) {
      addCluster(out, { id, label: node.subgraph.name, kind: 'subgraph', parent: cluster });
      addNodes(node.subgraph, { prefix: `${id}/`, cluster: id }, out);
    }
  }
}

/** The cluster of the node's agent, creating it and its ancestors on first sight (so parents come first). */
function agentCluster(node: GraphNodeJSON, index: GraphIndex, level: Level, out: Out): string | undefined {
  const path = agentPathOf(node);
  if (!path) return level.cluster;
  let parent = level.cluster;
  for (let depth = 1; depth <= path.length; depth++) {
    const name = path[depth - 1]!;
    const id =
      level.prefix +
      path
        .slice(0, depth)
        .map((n) => `agent:${n}`)
        .join('/');
    addCluster(out, { id, label: name, kind: agentKind(name, index), parent });
    parent = id;
  }
  return parent;
}

/** A ChatModelAgent's cluster is an `agent`; a workflow agent's is its kind (its entry node's kind). */
function agentKind(name: string, index: GraphIndex): string {
  const entry = index.has(name) ? index.node(name) : undefined;
  return entry === undefined || entry.kind === 'chat-model' ? 'agent' : entry.kind;
}

function addCluster(out: Out, cluster: VizCluster): void {
  if (out.clusterIds.has(cluster.id)) return;
  out.clusterIds.add(cluster.id);
  out.clusters.push(cluster);
}

/** The level's IR edges in IR order, then each subgraph's entry edge and inner edges, in node order. */
function addEdges(g: GraphJSON, level: Level, out: Out): void {
  const index = indexGraph(g);
  for (const e of g.edges) {
    addEdge(out, level.prefix + e.from, level.prefix + e.to, classifyEdge(e.from, e.to, e.kind, index));
  }
  for (const node of g.nodes) {
    if (!node.subgraph) continue;
    const id = level.prefix + node.id;
    if (node.subgraph.nodes.some((n) => n.id === START)) {
      addEdge(out, id, `${id}/${START}`, { kind: node.kind === 'agent-tool' ? 'agent-tool' : 'edge' });
    }
    addEdges(node.subgraph, { prefix: `${id}/`, cluster: id }, out);
  }
}

function addEdge(out: Out, from: string, to: string, what: EdgeClass): void {
  const pair = `${from}->${to}`;
  const seen = (out.pairs.get(pair) ?? 0) + 1;
  out.pairs.set(pair, seen);
  const edge: VizEdge = { id: seen === 1 ? pair : `${pair}#${seen}`, from, to, kind: what.kind };
  if (what.label !== undefined) edge.label = what.label;
  if (what.transfer !== undefined) edge.transfer = what.transfer;
  out.edges.push(edge);
}

/** The model is plain JSON: annotations are copied, never shared with the caller's graph. */
function plain(annotations: Record<string, unknown>, node: string): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(annotations)) as Record<string, unknown>;
  } catch (cause) {
    throw new VizError('INVALID_ARGUMENT', `the annotations of node "${node}" are not JSON (${String(cause)})`, { cause });
  }
}
