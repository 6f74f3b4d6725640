import type { AnyCompiledGraph, GraphJSON } from '@weft/graph';
import { VizError } from '../errors.ts';
import { agentView, type DrawingLevel } from '../model/agent-view.ts';
import { vizModel } from '../model/build-viz-model.ts';
import type { VizModel } from '../model/viz-model.ts';
import { layoutGraph } from './layout-graph.ts';
import { renderSvg } from './render-svg.ts';
import { viewerAssets } from './viewer-assets.ts';

export interface DrawGraphOptions {
  /** `nodes` (default): every node, agents as boxes around theirs; `agents`: one node per agent (see `agentView`). */
  level?: DrawingLevel;
  /** At the `agents` level, the agents (by their node's id, e.g. `Tech`) drawn with their nodes. */
  expanded?: readonly string[];
}

/** A graph drawn as the viewer draws it, for a page of one's own (Weft Studio's). */
export interface GraphDrawing {
  model: VizModel;
  /** The `<svg id="graph">` element: nodes are `g.node[data-id]`, edges `g.edge[data-kind]`; every text in it is escaped. */
  svg: string;
  /** The viewer's styles (its page, panels and colours, then the drawing's). */
  css: string;
  level: DrawingLevel;
  /** The agents drawn with their nodes (sorted; empty at the `nodes` level). */
  expanded: string[];
}

/**
 * The drawing `renderHtml` puts on its page, without the page: the drawing
 * model, the SVG laid out with ELK, and the styles it needs. At the `agents`
 * level the flow runs left to right (a handful of agents fit a wide pane at
 * a readable size); at the `nodes` level it runs down, as the viewer's does.
 *
 * @example
 * const { svg, css } = await drawGraph(new Runner({ agent }).graph);
 * const agents = await drawGraph(graph, { level: 'agents', expanded: ['Tech'] });
 */
export async function drawGraph(graph: AnyCompiledGraph | GraphJSON, options: DrawGraphOptions = {}): Promise<GraphDrawing> {
  const { level = 'nodes', expanded = [] } = checkOptions(options);
  const full = vizModel(graph);
  const open = [...new Set(expanded)].sort();
  const model = level === 'agents' ? agentView(full, open) : full;
  const layout = await layoutGraph(model, level);
  return { model, svg: renderSvg(model, layout, level), css: viewerAssets().css, level, expanded: level === 'agents' ? open : [] };
}

function checkOptions(options: DrawGraphOptions): DrawGraphOptions {
  const bad = (message: string) => new VizError('INVALID_ARGUMENT', `drawGraph(graph, options?): ${message}`);
  if (options === null || typeof options !== 'object') throw bad('options must be an object');
  if (options.level !== undefined && options.level !== 'agents' && options.level !== 'nodes')
    throw bad(`level must be "agents" or "nodes" (got ${JSON.stringify(options.level)})`);
  const { expanded } = options;
  if (expanded !== undefined && !(Array.isArray(expanded) && expanded.every((e) => typeof e === 'string')))
    throw bad('expanded must be an array of agent node ids');
  if (options.level !== 'agents' && expanded !== undefined && expanded.length > 0)
    throw bad('expanded applies to the "agents" level only (at the "nodes" level every agent is drawn with its nodes)');
  return options;
}
