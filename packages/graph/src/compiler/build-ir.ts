import graphology from 'graphology';
import { END, START } from '../spec/start-end.ts';
import type { GraphIssue } from '../errors.ts';
import type { GraphJSON } from './graph-json.ts';
import type { GraphDefinition } from '../spec/graph-definition.ts';

const { MultiDirectedGraph } = graphology;
export type IRGraph = InstanceType<typeof MultiDirectedGraph>;

/** Builds the graphology IR; edges that name unknown nodes become issues, not edges. */
export function buildIR(def: GraphDefinition<{ json: GraphJSON }>): { ir: IRGraph; issues: GraphIssue[] } {
  const ir = new MultiDirectedGraph({ allowSelfLoops: true });
  const issues: GraphIssue[] = [];
  ir.addNode(START, { kind: 'start', trigger: 'any', order: -1 });
  def.nodes.forEach((node, order) => {
    const attrs: Record<string, unknown> = { kind: node.options.kind ?? 'lambda', trigger: node.options.trigger ?? 'any', order };
    if (node.options.annotations) attrs['annotations'] = node.options.annotations;
    if (node.sub) attrs['subgraph'] = structuredClone(node.sub.json);
    if (node.options.address !== undefined) attrs['address'] = node.options.address;
    ir.addNode(node.name, attrs);
  });
  ir.addNode(END, { kind: 'end', trigger: 'any', order: def.nodes.length });
  const connect = (from: string, to: string, kind: 'edge' | 'branch') => {
    if (!ir.hasNode(from) || from === END) {
      issues.push({ code: 'UNKNOWN_SOURCE', message: `${kind} from unknown node "${from}"${hint(def)}`, nodes: [from] });
    } else if (!ir.hasNode(to) || to === START) {
      issues.push({ code: 'UNKNOWN_TARGET', message: `${kind} from "${from}" to unknown node "${to}"${hint(def)}`, nodes: [from, to] });
    } else {
      ir.addDirectedEdge(from, to, { kind });
    }
  };
  for (const e of def.edges) connect(e.from, e.to, 'edge');
  for (const b of def.branches) for (const t of new Set(b.targets)) connect(b.from, t, 'branch');
  return { ir, issues };
}

/** The IR as plain JSON (without the hash). */
export function irToJSON(name: string, ir: IRGraph): Omit<GraphJSON, 'hash'> {
  const nodes: GraphJSON['nodes'] = [];
  ir.forEachNode((id, a) => {
    const node: GraphJSON['nodes'][number] = { id, kind: a['kind'] as string, trigger: a['trigger'] as 'any' | 'all' };
    if (a['annotations']) node.annotations = a['annotations'] as Record<string, unknown>;
    if (a['subgraph']) node.subgraph = a['subgraph'] as GraphJSON;
    if (typeof a['address'] === 'string') node.address = a['address'];
    nodes.push(node);
  });
  const edges: GraphJSON['edges'] = [];
  ir.forEachDirectedEdge((_e, a, from, to) => edges.push({ from, to, kind: a['kind'] as 'edge' | 'branch' }));
  return { name, nodes, edges };
}

function hint(def: GraphDefinition<{ json: GraphJSON }>): string {
  const known = def.nodes.map((n) => n.name);
  return known.length ? ` (known nodes: ${known.join(', ')}, plus START and END)` : ' (the graph has no nodes yet)';
}
