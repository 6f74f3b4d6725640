import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { VizError } from '../errors.ts';
import type { VizModel } from '../model/viz-model.ts';
import type { DrawingLevel } from '../model/agent-view.ts';
import { elkId, toElkGraph } from './elk-graph.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Where everything goes, in absolute coordinates of the drawing, keyed by model ids. */
export interface GraphLayout {
  width: number;
  height: number;
  nodes: Map<string, Box>;
  clusters: Map<string, Box & { label: Point }>;
  /** Each edge's route (start, bends, end) and its label's box; `curved`: the points are a chain of cubic Béziers (start, then two controls and an end per curve). */
  edges: Map<string, { points: Point[]; label?: Box; curved?: boolean }>;
}

/**
 * Lays the model out with ELK's layered algorithm (in-process, deterministic:
 * same model → same layout); at the `agents` level across the page, packed
 * closer, with larger START and END (see AGENT_LEVEL_OPTIONS, nodeSize).
 */
export async function layoutGraph(model: VizModel, level: DrawingLevel = 'nodes'): Promise<GraphLayout> {
  // Imported here, not at the top: ELK takes about 230 ms to load, and only the HTML view lays a graph out
  // (`weft graph --format mermaid` and every other import of @weft/viz never pay for it).
  // The bundled build is CommonJS whose export is the constructor, also under `.default`: typed as the latter.
  const { default: elkModule } = await import('elkjs/lib/elk.bundled.js');
  const elk = new elkModule.default();
  let laid: ElkNode;
  try {
    laid = await elk.layout(toElkGraph(model, level));
  } catch (err) {
    throw new VizError('LAYOUT_FAILED', `ELK could not lay out graph "${model.name}": ${(err as Error).message}`, { cause: err });
  }
  const byElkId = {
    nodes: new Map(model.nodes.map((n) => [elkId.node(n.id), n.id])),
    clusters: new Map(model.clusters.map((c) => [elkId.cluster(c.id), c.id])),
    edges: new Map(model.edges.map((e) => [elkId.edge(e.id), e.id])),
  };
  const layout: GraphLayout = { width: laid.width ?? 0, height: laid.height ?? 0, nodes: new Map(), clusters: new Map(), edges: new Map() };
  const visit = (container: ElkNode, dx: number, dy: number) => {
    for (const edge of container.edges ?? []) {
      const id = byElkId.edges.get(edge.id);
      if (id === undefined) continue;
      const r = route(edge, dx, dy);
      // Splines (the agents level) come as Bézier chains: 1 + 3k points.
      if (level === 'agents' && r.points.length > 1 && (r.points.length - 1) % 3 === 0) r.curved = true;
      layout.edges.set(id, r);
    }
    for (const child of container.children ?? []) {
      const box = { x: dx + (child.x ?? 0), y: dy + (child.y ?? 0), width: child.width ?? 0, height: child.height ?? 0 };
      const node = byElkId.nodes.get(child.id);
      if (node !== undefined) layout.nodes.set(node, box);
      const cluster = byElkId.clusters.get(child.id);
      if (cluster === undefined) continue;
      const label = child.labels?.[0];
      layout.clusters.set(cluster, { ...box, label: { x: box.x + (label?.x ?? 8), y: box.y + (label?.y ?? 4) } });
      visit(child, box.x, box.y);
    }
  };
  visit(laid, 0, 0);
  return layout;
}

function route(edge: ElkExtendedEdge, dx: number, dy: number): { points: Point[]; label?: Box; curved?: boolean } {
  const at = (p: Point) => ({ x: dx + p.x, y: dy + p.y });
  const points = (edge.sections ?? []).flatMap((s) => [at(s.startPoint), ...(s.bendPoints ?? []).map(at), at(s.endPoint)]);
  const label = edge.labels?.[0];
  if (!label) return { points };
  return { points, label: { x: dx + (label.x ?? 0), y: dy + (label.y ?? 0), width: label.width ?? 0, height: label.height ?? 0 } };
}
