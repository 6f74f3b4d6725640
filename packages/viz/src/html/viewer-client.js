// @ts-check
/**
 * The viewer's entry: reads the data block, mounts the drawing (pan, zoom,
 * node details: viewer-canvas.js) and starts the replay when the page has a run.
 */

/** @type {ViewerData} */
const data = JSON.parse(byId('weft-viewer-data').textContent || '{}');
const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (byId('graph')));
const viewer = mountViewer(data.model, svg, byId('canvas'), byId('details-body'));
byId('fit').addEventListener('click', viewer.fit);

if (data.replay && data.replay.steps.length > 0) startReplay(data.replay, svg);
