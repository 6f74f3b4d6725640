import type { AnyCompiledGraph } from '@weft/graph';
import { drawGraph, type DrawingLevel, type GraphDrawing } from '@weft/viz';

/** Which drawing a page asks for: the level, and at the `agents` level the agents drawn with their nodes. */
export interface GraphView {
  level?: DrawingLevel | undefined;
  expanded?: readonly string[] | undefined;
}

/** The drawings of one graph, by view. */
export interface GraphDrawings {
  /** The view a page opens with: `agents` for an agent, `nodes` for a graph. */
  defaultLevel: DrawingLevel;
  /** The drawing of a view (default: `defaultLevel`, nothing expanded). */
  get(view?: GraphView): Promise<GraphDrawing>;
  /** Settles once the levels a page can show are laid out: GET /api/graph then answers without laying anything out. */
  ready: Promise<void>;
}

/** Drawings with agents expanded kept at once; beyond this the oldest goes (the two levels always stay). */
const KEPT_EXPANSIONS = 16;

/**
 * Lays the graph out once per view and keeps it. Both levels are laid out at
 * once, in the background, when the drawings are made: laid out on the first
 * GET /api/graph instead, the support example's page waited 6.5 s after
 * "studio ready" on a loaded machine (ELK's first load and layout). A view
 * with agents expanded is laid out when first asked (about 60 ms for the
 * support example) and kept.
 */
export function graphDrawings(graph: AnyCompiledGraph, kind: 'agent' | 'graph'): GraphDrawings {
  const defaultLevel: DrawingLevel = kind === 'agent' ? 'agents' : 'nodes';
  const kept = new Map<string, Promise<GraphDrawing>>();
  const get = (view: GraphView = {}): Promise<GraphDrawing> => {
    const level = view.level ?? defaultLevel;
    const expanded = level === 'agents' ? [...new Set(view.expanded ?? [])].sort() : [...(view.expanded ?? [])];
    const key = JSON.stringify([level, expanded]);
    let drawing = kept.get(key);
    if (drawing === undefined) {
      drawing = drawGraph(graph, { level, expanded });
      kept.set(key, drawing);
      // A view the graph cannot be drawn in (an unknown agent) is answered as an error once, not kept.
      void drawing.catch(() => kept.delete(key));
      if (expanded.length > 0) trim(kept);
    }
    return drawing;
  };
  // An agent is shown at both levels; a graph at its nodes' (its agent level is the same nodes, as it has no agents).
  const levels = kind === 'agent' ? [get({ level: 'agents' }), get({ level: 'nodes' })] : [get({ level: 'nodes' })];
  return { defaultLevel, get, ready: Promise.allSettled(levels).then(() => undefined) };
}

/** Drops the oldest views with agents expanded past KEPT_EXPANSIONS. */
function trim(kept: Map<string, Promise<GraphDrawing>>): void {
  const expansions = [...kept.keys()].filter((key) => (JSON.parse(key) as [string, string[]])[1].length > 0);
  for (const key of expansions.slice(0, Math.max(0, expansions.length - KEPT_EXPANSIONS))) kept.delete(key);
}
