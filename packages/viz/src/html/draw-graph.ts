import type { AnyCompiledGraph, GraphJSON } from '@weft/graph';
import { vizModel } from '../model/build-viz-model.ts';
import type { VizModel } from '../model/viz-model.ts';
import { layoutGraph } from './layout-graph.ts';
import { renderSvg } from './render-svg.ts';
import { viewerAssets } from './viewer-assets.ts';

/** A graph drawn as the viewer draws it, for a page of one's own (Weft Studio's). */
export interface GraphDrawing {
  model: VizModel;
  /** The `<svg id="graph">` element: nodes are `g.node[data-id]`, edges `g.edge[data-kind]`; every text in it is escaped. */
  svg: string;
  /** The viewer's styles (its page, panels and colours, then the drawing's). */
  css: string;
}

/**
 * The drawing `renderHtml` puts on its page, without the page: the drawing
 * model, the SVG laid out with ELK, and the styles it needs.
 *
 * @example
 * const { svg, css } = await drawGraph(new Runner({ agent }).graph);
 */
export async function drawGraph(graph: AnyCompiledGraph | GraphJSON): Promise<GraphDrawing> {
  const model = vizModel(graph);
  const layout = await layoutGraph(model);
  return { model, svg: renderSvg(model, layout), css: viewerAssets().css };
}
