// @ts-check
/**
 * The graph on the canvas: the server's drawing (the SVG @weft/viz draws for
 * the static viewer) parsed as SVG and imported, then mounted with the
 * viewer's own pan, zoom, fit and node details. Run events light its nodes:
 * `active` while a node runs, `visited` once it ran in this run, `waiting`
 * on a node with a pending interrupt.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Mounts the drawing; returns the marks the run's events set on it.
 * @param {GraphInfo} graph
 */
function mountGraph(graph) {
  const canvas = byId('canvas');
  // The server's markup has no xmlns (it is written for inline HTML); as an SVG document it needs one.
  const text = graph.svg.replace(/^<svg\b(?![^>]*\sxmlns=)/, `<svg xmlns="${SVG_NS}"`);
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('the graph drawing from /api/graph is not valid SVG');
  const svg = document.importNode(doc.documentElement, true);
  if (!(svg instanceof SVGSVGElement)) throw new Error('the graph drawing from /api/graph is not an <svg> element');
  inert(svg);
  canvas.replaceChildren(svg);
  const viewer = mountViewer(graph.model, svg, canvas, byId('details-body'));
  byId('fit').addEventListener('click', viewer.fit);
  return graphMarks(svg);
}

/** The drawing is the server's own escaped markup; this keeps it so even if it were not: no scripts, handlers or links. @param {Element} root */
function inert(root) {
  for (const bad of root.querySelectorAll('script, foreignObject, iframe, a')) bad.remove();
  for (const e of [root, ...root.querySelectorAll('*')])
    for (const attr of [...e.attributes]) if (/^on|href$/i.test(attr.name)) e.removeAttribute(attr.name);
}

/**
 * What the run's events set on the drawing's nodes, by node id (`path/node` for a subgraph's).
 * @param {SVGSVGElement} svg
 */
function graphMarks(svg) {
  const nodes = new Map([...svg.querySelectorAll('g.node')].map((g) => [g.getAttribute('data-id') || '', g]));
  /** @param {string} cls */
  const clear = (cls) => {
    for (const g of svg.querySelectorAll(`g.node.${cls}`)) g.classList.remove(cls);
  };
  return {
    /** A node started: it runs, and ran in this run. @param {string} id */
    start(id) {
      nodes.get(id)?.classList.add('active', 'visited');
    },
    /** @param {string} id */
    end(id) {
      nodes.get(id)?.classList.remove('active');
    },
    /** A new run: nothing runs or ran yet. */
    reset() {
      for (const cls of ['active', 'visited', 'waiting']) clear(cls);
    },
    /** The run ended: nothing runs any more (an interrupted node never sends node.end). */
    settle() {
      clear('active');
    },
    /** The nodes where the thread waits for an answer. @param {string[]} ids */
    waiting(ids) {
      clear('waiting');
      for (const id of ids) nodes.get(id)?.classList.add('waiting');
    },
  };
}

/** @typedef {ReturnType<typeof graphMarks>} GraphMarks */
