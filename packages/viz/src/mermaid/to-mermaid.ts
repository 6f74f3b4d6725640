import type { AnyCompiledGraph, GraphJSON } from '@weft/graph';
import { clusterTitle, clusterTree, type ClusterTree } from '../draw/cluster-tree.ts';
import { nodeLook, type NodeLook } from '../draw/node-look.ts';
import { buildVizModel } from '../model/build-viz-model.ts';
import type { VizCluster, VizEdge, VizEdgeKind, VizModel } from '../model/viz-model.ts';
import { mermaidIds, type MermaidIds } from './mermaid-ids.ts';
import { mermaidText } from './mermaid-text.ts';

export interface MermaidOptions {
  /** Top-down (default) or left-to-right. */
  direction?: 'TD' | 'LR';
}

/** Opening and closing bracket of each look's Mermaid shape. */
const SHAPES: Readonly<Record<NodeLook, readonly [string, string]>> = {
  start: ['((', '))'],
  finish: ['(((', ')))'],
  model: ['([', '])'],
  tools: ['[/', '/]'],
  router: ['{{', '}}'],
  join: ['[\\', '/]'],
  call: ['[[', ']]'],
  workflow: ['>', ']'],
  step: ['[', ']'],
};

/** Fixed edges solid, branches dotted, transfers thick, agent-tool calls with a circle end. */
const ARROWS: Readonly<Record<VizEdgeKind, string>> = {
  edge: '-->',
  branch: '-.->',
  transfer: '==>',
  'agent-tool': '--o',
};

/** Class names carry a suffix: Mermaid keywords (`end`, `call`, `click`, …) cannot name a class. */
const NODE_CLASSES = [
  'classDef startNode fill:#2b8a3e,stroke:#2b8a3e,color:#fff',
  'classDef finishNode fill:#343a40,stroke:#343a40,color:#fff',
  'classDef modelNode fill:#e7f5ff,stroke:#1971c2,color:#0b3d6e',
  'classDef toolsNode fill:#fff9db,stroke:#e67700,color:#5c3c00',
  'classDef routerNode fill:#f3f0ff,stroke:#6741d9,color:#301c6b',
  'classDef joinNode fill:#fff0f6,stroke:#c2255c,color:#5c0f2c,stroke-width:2px',
  'classDef callNode fill:#f8f0fc,stroke:#9c36b5,color:#4a1259',
  'classDef workflowNode fill:#ebfbee,stroke:#2f9e44,color:#123d1c',
  'classDef stepNode fill:#f8f9fa,stroke:#868e96,color:#212529',
];
const CLUSTER_CLASSES = [
  'classDef agentBox fill:#f8fbff,stroke:#74c0fc,color:#1864ab',
  'classDef workflowBox fill:#f4fcf5,stroke:#8ce99a,color:#2b8a3e,stroke-dasharray:6 3',
  'classDef subgraphBox fill:#fcf5fe,stroke:#e599f7,color:#862e9c,stroke-dasharray:2 2',
];
const LINK_STYLES: Partial<Record<VizEdgeKind, string>> = {
  transfer: 'stroke:#e8590c,stroke-width:2.5px',
  'agent-tool': 'stroke:#9c36b5,stroke-width:1.5px,stroke-dasharray:5 4',
};

/**
 * A Mermaid `flowchart` of a compiled graph: agents (and subgraphs) as nested
 * `subgraph … end` boxes, a shape and class per kind of node, an arrow style
 * per kind of edge (transfers and agent-tool calls also colored through
 * `linkStyle`). Ids are sanitised and labels escaped (see mermaid-ids.ts,
 * mermaid-text.ts); the same graph gives the same text.
 */
export function toMermaid(graph: AnyCompiledGraph | GraphJSON, options: MermaidOptions = {}): string {
  const direction = options.direction ?? 'TD';
  const model = buildVizModel(graph, 'toMermaid');
  const ids = mermaidIds(model);
  const lines = ['---', `title: ${JSON.stringify(model.name)}`, '---', `flowchart ${direction}`];
  lines.push(...clusterLines(undefined, clusterTree(model), ids, '  '));
  lines.push(...model.edges.map((e) => `  ${edgeLine(e, ids)}`));
  lines.push(...[...NODE_CLASSES, ...CLUSTER_CLASSES].map((c) => `  ${c}`));
  lines.push(...classLines(model, ids));
  lines.push(...linkStyleLines(model.edges));
  return `${lines.join('\n')}\n`;
}

/** The nodes directly in a cluster, then its child clusters, each as `subgraph … end`. */
function clusterLines(cluster: string | undefined, tree: ClusterTree, ids: MermaidIds, indent: string): string[] {
  const lines = tree.nodesIn(cluster).map((n) => {
    const [open, close] = SHAPES[nodeLook(n)];
    return `${indent}${ids.node(n.id)}${open}"${mermaidText(n.label)}"${close}`;
  });
  for (const child of tree.clustersIn(cluster)) {
    lines.push(`${indent}subgraph ${ids.cluster(child.id)}["${mermaidText(clusterTitle(child))}"]`);
    lines.push(...clusterLines(child.id, tree, ids, `${indent}  `));
    lines.push(`${indent}end`);
  }
  return lines;
}

function edgeLine(e: VizEdge, ids: MermaidIds): string {
  const label = e.label === undefined ? '' : `|"${mermaidText(e.label)}"|`;
  return `${ids.node(e.from)} ${ARROWS[e.kind]}${label} ${ids.node(e.to)}`;
}

/** One `class` line per node look and per cluster kind that occurs, members in model order. */
function classLines(model: VizModel, ids: MermaidIds): string[] {
  const members = new Map<string, string[]>();
  const add = (cls: string, id: string) => members.set(cls, [...(members.get(cls) ?? []), id]);
  for (const n of model.nodes) add(`${nodeLook(n)}Node`, ids.node(n.id));
  for (const c of model.clusters) add(clusterClass(c), ids.cluster(c.id));
  const order = [...NODE_CLASSES, ...CLUSTER_CLASSES].map((c) => c.split(' ')[1]!);
  return order.filter((cls) => members.has(cls)).map((cls) => `  class ${members.get(cls)!.join(',')} ${cls}`);
}

function clusterClass(c: VizCluster): string {
  return c.kind === 'agent' ? 'agentBox' : c.kind === 'subgraph' ? 'subgraphBox' : 'workflowBox';
}

/** `linkStyle` takes edge positions: the order the edges were written in. */
function linkStyleLines(edges: readonly VizEdge[]): string[] {
  const lines: string[] = [];
  for (const [kind, style] of Object.entries(LINK_STYLES) as [VizEdgeKind, string][]) {
    const at = edges.flatMap((e, i) => (e.kind === kind ? [i] : []));
    if (at.length > 0) lines.push(`  linkStyle ${at.join(',')} ${style}`);
  }
  return lines;
}
