/**
 * @weft/viz — views of a compiled Weft graph: a drawing model (JSON), Mermaid
 * and Graphviz DOT text, and a self-contained HTML viewer that replays recorded runs.
 *
 * @example
 * import { Runner } from '@weft/agents';
 * import { vizModel, toMermaid, toDot, readRunLog, renderHtml } from '@weft/viz';
 *
 * const { graph } = new Runner({ agent });
 * const model = vizModel(graph); // clusters per agent, every edge classified
 * const agents = agentView(model); // one node per agent: who transfers to whom
 * const mermaid = toMermaid(graph, { direction: 'LR' }); // paste into a Markdown ```mermaid block
 * const dot = toDot(graph); // dot -Tsvg
 *
 * // A self-contained HTML page replaying a run recorded with `record: 'run.jsonl'`:
 * const log = await readRunLog('run.jsonl');
 * writeFileSync('run.html', await renderHtml(log.graph, { run: log }));
 */

// Drawing model
export { vizModel, toJSON } from './model/build-viz-model.ts';
export { agentView } from './model/agent-view.ts';
export type { DrawingLevel } from './model/agent-view.ts';
export type { VizModel, VizCluster, VizNode, VizEdge, VizEdgeKind } from './model/viz-model.ts';

// Text views
export { toMermaid } from './mermaid/to-mermaid.ts';
export { toDot } from './dot/to-dot.ts';

// HTML viewer and run replay
export { renderHtml } from './html/render-html.ts';
export type { RenderHtmlOptions } from './html/render-html.ts';
export { drawGraph } from './html/draw-graph.ts';
export type { GraphDrawing, DrawGraphOptions } from './html/draw-graph.ts';
export { viewerAssets } from './html/viewer-assets.ts';
export type { ViewerAssets } from './html/viewer-assets.ts';
export { readRunLog, parseRunLog } from './run-log/read-run-log.ts';
export type { RunLog, RunLogRun } from './run-log/read-run-log.ts';

// Errors
export { VizError } from './errors.ts';
export type { VizErrorCode } from './errors.ts';
