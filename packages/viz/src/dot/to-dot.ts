import type { AnyCompiledGraph, GraphJSON } from '@weft/graph';
import { clusterTitle, clusterTree, type ClusterTree } from '../draw/cluster-tree.ts';
import { nodeLook, type NodeLook } from '../draw/node-look.ts';
import { buildVizModel } from '../model/build-viz-model.ts';
import type { VizCluster, VizEdge, VizEdgeKind, VizNode } from '../model/viz-model.ts';
import { dotString } from './dot-string.ts';

export interface DotOptions {
  /** Top-down (default) or left-to-right. */
  direction?: 'TD' | 'LR';
}

/** Node attributes per look: shape first, then colors. */
const NODE_ATTRS: Readonly<Record<NodeLook, string>> = {
  start: 'shape=circle, fixedsize=true, width=0.7, fillcolor="#2b8a3e", color="#2b8a3e", fontcolor="#ffffff"',
  finish: 'shape=doublecircle, fixedsize=true, width=0.6, fillcolor="#343a40", color="#343a40", fontcolor="#ffffff"',
  model: 'shape=box, style="rounded,filled", fillcolor="#e7f5ff", color="#1971c2"',
  tools: 'shape=component, fillcolor="#fff9db", color="#e67700"',
  router: 'shape=hexagon, fillcolor="#f3f0ff", color="#6741d9"',
  join: 'shape=invtrapezium, penwidth=2, fillcolor="#fff0f6", color="#c2255c"',
  call: 'shape=box3d, fillcolor="#f8f0fc", color="#9c36b5"',
  workflow: 'shape=cds, fillcolor="#ebfbee", color="#2f9e44"',
  step: 'shape=box, fillcolor="#f8f9fa", color="#868e96"',
};

/** Fixed edges plain, branches dotted, transfers bold and orange, agent-tool calls dashed and purple. */
const EDGE_ATTRS: Readonly<Record<VizEdgeKind, string>> = {
  edge: 'color="#495057"',
  branch: 'style=dotted, color="#495057"',
  transfer: 'style=bold, penwidth=2, color="#e8590c", fontcolor="#e8590c"',
  'agent-tool': 'style=dashed, color="#9c36b5", fontcolor="#9c36b5"',
};

const CLUSTER_ATTRS: Readonly<Record<'agent' | 'workflow' | 'subgraph', string>> = {
  agent: 'style="rounded,filled"; fillcolor="#f8fbff"; color="#74c0fc"; fontcolor="#1864ab";',
  workflow: 'style="rounded,filled,dashed"; fillcolor="#f4fcf5"; color="#8ce99a"; fontcolor="#2b8a3e";',
  subgraph: 'style="filled,dotted"; fillcolor="#fcf5fe"; color="#e599f7"; fontcolor="#862e9c";',
};

/**
 * A Graphviz `digraph` of a compiled graph: agents (and subgraphs) as nested
 * `subgraph cluster_…` boxes, a shape per kind of node, a line style per kind
 * of edge. Node ids are the model's ids, quoted; the same graph gives the
 * same text. Render it with `dot -Tsvg`.
 */
export function toDot(graph: AnyCompiledGraph | GraphJSON, options: DotOptions = {}): string {
  const model = buildVizModel(graph, 'toDot');
  const font = 'fontname="Helvetica"';
  const lines = [
    `digraph ${dotString(model.name)} {`,
    `  graph [rankdir=${options.direction === 'LR' ? 'LR' : 'TB'}, ${font}, fontsize=12, label=${dotString(model.name)}, labelloc=t];`,
    `  node [${font}, fontsize=11, style=filled];`,
    `  edge [${font}, fontsize=9];`,
    ...clusterLines(undefined, clusterTree(model), '  '),
    ...model.edges.map(edgeLine),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

/** The nodes directly in a cluster, then its child clusters, each as `subgraph "cluster_…" { … }`. */
function clusterLines(cluster: string | undefined, tree: ClusterTree, indent: string): string[] {
  const lines = tree.nodesIn(cluster).map((n) => `${indent}${nodeLine(n)}`);
  for (const child of tree.clustersIn(cluster)) {
    lines.push(`${indent}subgraph ${dotString(`cluster_${child.id}`)} {`);
    lines.push(`${indent}  label=${dotString(clusterTitle(child))}; ${CLUSTER_ATTRS[clusterLook(child)]}`);
    lines.push(...clusterLines(child.id, tree, `${indent}  `));
    lines.push(`${indent}}`);
  }
  return lines;
}

function nodeLine(n: VizNode): string {
  return `${dotString(n.id)} [label=${dotString(n.label)}, ${NODE_ATTRS[nodeLook(n)]}];`;
}

function edgeLine(e: VizEdge): string {
  const label = e.label === undefined ? '' : `, label=${dotString(e.label)}`;
  // A transfer back up the tree would otherwise rank the parent below its children.
  const rank = e.transfer === 'parent' ? ', constraint=false' : '';
  return `  ${dotString(e.from)} -> ${dotString(e.to)} [${EDGE_ATTRS[e.kind]}${label}${rank}];`;
}

function clusterLook(c: VizCluster): 'agent' | 'workflow' | 'subgraph' {
  return c.kind === 'agent' ? 'agent' : c.kind === 'subgraph' ? 'subgraph' : 'workflow';
}
