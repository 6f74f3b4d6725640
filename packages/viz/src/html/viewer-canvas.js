// @ts-check
/**
 * The drawing's canvas: pan (drag), zoom (wheel) and fit, all by moving the
 * SVG's viewBox, and a node's details on click (or Enter). Used by the static
 * viewer (viewer-client.js) and by Weft Studio's page, which mounts the
 * drawing it fetched; both inline this file after viewer-dom.js.
 */

/** Fit shows the whole graph, but never blows a small one up past this many pixels per unit. */
const MAX_FIT_SCALE = 1.2;

/**
 * Wires pan, zoom and node details on a drawn graph, and fits it to the canvas.
 * @param {{ nodes: VizNode[] }} model the drawing model (node details come from it)
 * @param {SVGSVGElement} svg the `<svg id="graph">` drawing, already in the canvas
 * @param {HTMLElement} canvas the element the drawing fills (drag and wheel land on it)
 * @param {HTMLElement} details where a clicked node's details go
 * @returns {{ fit: () => void, unmount: () => void }} `unmount` removes every listener it added (before another drawing is mounted on the canvas)
 */
function mountViewer(model, svg, canvas, details) {
  const mounted = new AbortController();
  const { signal } = mounted;
  const nodesById = new Map(model.nodes.map((n) => [n.id, n]));
  const full = { x: 0, y: 0, w: Number(svg.dataset['width']) || 1, h: Number(svg.dataset['height']) || 1 };
  let view = { ...full };
  const show = () => svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  /** Drawing units per screen pixel (the SVG keeps its aspect ratio, so the larger one applies). */
  const unitsPerPixel = () => Math.max(view.w / canvas.clientWidth, view.h / canvas.clientHeight);
  const fit = () => {
    const pad = 16;
    const w = Math.max(full.w + 2 * pad, canvas.clientWidth / MAX_FIT_SCALE);
    const h = Math.max(full.h + 2 * pad, canvas.clientHeight / MAX_FIT_SCALE);
    view = { x: full.x + (full.w - w) / 2, y: full.y + (full.h - h) / 2, w, h };
    show();
  };
  const drag = dragHandler(canvas, signal, (dx, dy) => {
    const k = unitsPerPixel();
    view.x -= dx * k;
    view.y -= dy * k;
    show();
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      // Between 40x in and 8x out of the whole graph.
      const factor = Math.min(Math.max(wheelFactor(e, canvas), full.w / 40 / view.w), (full.w * 8) / view.w);
      // Zoom about the pointer: the drawing point under it stays where it is.
      const ctm = svg.getScreenCTM();
      if (!ctm) return;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
      view = { x: p.x - (p.x - view.x) * factor, y: p.y - (p.y - view.y) * factor, w: view.w * factor, h: view.h * factor };
      show();
    },
    { passive: false, signal },
  );
  svg.addEventListener(
    'click',
    (e) => {
      // The click that ends a drag is not a selection.
      if (drag.wasDrag()) return;
      // A node's expand toggle is the page's, not a selection.
      const g = e.target instanceof Element && !e.target.closest('.toggle') ? e.target.closest('g.node') : null;
      const node = g && nodesById.get(g.getAttribute('data-id') || '');
      if (!g || !node) return;
      for (const other of svg.querySelectorAll('g.node.selected')) other.classList.remove('selected');
      g.classList.add('selected');
      showNodeDetails(details, node);
    },
    { signal },
  );
  svg.addEventListener(
    'keydown',
    (e) => {
      const g = e.key === 'Enter' && e.target instanceof Element ? e.target.closest('g.node') : null;
      if (g) g.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    },
    { signal },
  );
  fit();
  return { fit, unmount: () => mounted.abort() };
}

/** How much one wheel event scales the view by, at most (a wheel notch, whatever the device reports). */
const MAX_WHEEL_STEP = 1.25;

/**
 * The view's scale change for one wheel event: proportional to the distance
 * scrolled (lines and pages taken as pixels), so a trackpad's many small
 * events glide and a mouse notch steps; a pinch (ctrlKey) is more sensitive,
 * as its deltas are small. Never more than MAX_WHEEL_STEP per event: a
 * mouse with acceleration reports hundreds of pixels at once, which jumped.
 * Above 1 zooms out, below 1 zooms in.
 * @param {WheelEvent} e
 * @param {HTMLElement} canvas
 */
function wheelFactor(e, canvas) {
  const px = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * canvas.clientHeight : e.deltaY;
  const log = px * (e.ctrlKey ? 0.01 : 0.002);
  const bound = Math.log(MAX_WHEEL_STEP);
  return Math.exp(Math.min(Math.max(log, -bound), bound));
}

/**
 * Calls `move` with each pointer movement of a drag that started on `target`.
 * `wasDrag()` tells (once) whether the click that follows ends a drag.
 * @param {HTMLElement} target
 * @param {AbortSignal} signal removes the listeners
 * @param {(dx: number, dy: number) => void} move
 */
function dragHandler(target, signal, move) {
  /** @type {{ x: number, y: number, moved: boolean } | undefined} */
  let drag;
  let dragged = false;
  target.addEventListener(
    'pointerdown',
    (e) => {
      drag = { x: e.clientX, y: e.clientY, moved: false };
      // A drag that ended outside the canvas fired no click to clear this.
      dragged = false;
    },
    { signal },
  );
  window.addEventListener(
    'pointermove',
    (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      // A few pixels of jitter is still a click.
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag.moved = true;
      target.classList.add('dragging');
      drag.x = e.clientX;
      drag.y = e.clientY;
      move(dx, dy);
    },
    { signal },
  );
  window.addEventListener(
    'pointerup',
    () => {
      dragged = !!drag && drag.moved;
      drag = undefined;
      target.classList.remove('dragging');
    },
    { signal },
  );
  return {
    wasDrag() {
      const was = dragged;
      dragged = false;
      return was;
    },
  };
}

/**
 * A node's id, kind, cluster and annotations (tools with their schemas).
 * @param {HTMLElement} details
 * @param {VizNode} node
 */
function showNodeDetails(details, node) {
  details.replaceChildren();
  details.classList.remove('muted');
  details.append(el('h3', '', node.label));
  const kv = el('dl', 'kv');
  /** @param {string} k @param {string} v */
  const row = (k, v) => kv.append(el('dt', '', k), el('dd', '', v));
  row('id', node.id);
  row('kind', node.kind + (node.join ? ' (join: waits for every predecessor)' : ''));
  if (node.cluster) row('cluster', node.cluster);
  // An agent drawn as one node (agent level): the nodes it stands for.
  if (node.members) row('nodes', node.members.join(', '));
  details.append(kv);
  for (const [key, value] of Object.entries(node.annotations)) {
    if (key === 'tools' && Array.isArray(value) && value.some((t) => t && typeof t === 'object')) details.append(toolList(value));
    else if (typeof value === 'string') details.append(el('h3', '', key), el('p', 'text', value));
    else if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string'))
      details.append(el('h3', '', key), chips(value));
    else details.append(el('h3', '', key), el('pre', '', pretty(value)));
  }
}

/** Tools with their descriptions and JSON schemas. @param {unknown[]} tools */
function toolList(tools) {
  const box = el('div', 'tools');
  box.append(el('h3', '', `tools (${tools.length})`));
  for (const tool of tools) {
    const { name, description, parameters, ...rest } = /** @type {Record<string, unknown>} */ (
      tool && typeof tool === 'object' ? tool : { name: tool }
    );
    const card = el('div', 'card tool');
    card.append(el('div', 'who', String(name)));
    if (typeof description === 'string') card.append(el('p', 'text', description));
    if (parameters !== undefined) card.append(el('pre', 'schema', pretty(parameters)));
    if (Object.keys(rest).length > 0) card.append(el('pre', '', pretty(rest)));
    box.append(card);
  }
  return box;
}
