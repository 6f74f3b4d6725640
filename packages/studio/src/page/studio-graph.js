// @ts-check
/**
 * The graph on the canvas: the server's drawing (the SVG @weft/viz draws for
 * the static viewer) parsed as SVG and imported, then mounted with the
 * viewer's own pan, zoom, fit and node details. An agent opens at the agents
 * level (one node per agent); the bar's Agents / Nodes switch picks the
 * level, and an agent's + (or a double click on it) draws it with its nodes.
 * Each drawing is fetched from GET /api/graph, which laid it out beforehand.
 *
 * Run events mark it, by node id, whatever the level: `active` while a node
 * runs, `visited` once it ran in this run, `waiting` on a node with a pending
 * interrupt; a node id lands on the drawn node whose `members` hold it (at
 * the agents level, `Tech:tools` on `Tech`). Over it, the thread's route
 * (studio-route.js).
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Mounts the drawing; returns the marks the run's events set on it, which
 * also follow the open thread (clear, add) to draw its route.
 * @param {GraphInfo} graph
 */
function mountGraph(graph) {
  const canvas = byId('canvas');
  const route = threadRoute();
  /** What the events said, by node id: redrawn on any drawing. */
  const marks = { running: new Map(), ran: new Set(), waiting: /** @type {string[]} */ ([]) };
  /** @type {{ level: string, expanded: string[] }} */
  const view = { level: graph.level, expanded: [...graph.expanded] };
  let drawing = showDrawing(graph.svg, graph.drawn);
  /** Which open thread the route's history belongs to (a reply for another is dropped). */
  let thread = { id: /** @type {string | undefined} */ (undefined), generation: 0 };
  byId('fit').addEventListener('click', () => drawing.viewer.fit());
  const levels = document.querySelector('.graph-level');
  if (levels instanceof HTMLElement) levels.hidden = graph.kind !== 'agent';
  for (const b of document.querySelectorAll('.graph-level button[data-level]'))
    b.addEventListener('click', () => void switchTo({ level: b.getAttribute('data-level') || 'agents', expanded: [] }));
  pressLevel();

  /** @param {string} svgText @param {GraphInfo['drawn']} model */
  function showDrawing(svgText, model) {
    const svg = importSvg(svgText);
    canvas.replaceChildren(svg);
    const viewer = mountViewer(model, svg, canvas, byId('details-body'));
    /** @type {Map<string, string>} */
    const drawnOf = new Map();
    for (const n of model.nodes) for (const id of n.members ?? [n.id]) drawnOf.set(id, n.id);
    const nodes = new Map([...svg.querySelectorAll('g.node')].map((g) => [g.getAttribute('data-id') || '', g]));
    svg.addEventListener('click', (e) => {
      const t = e.target instanceof Element ? e.target.closest('.toggle') : null;
      const expand = t?.getAttribute('data-expand');
      const collapse = t?.getAttribute('data-collapse');
      if (expand) void switchTo({ level: 'agents', expanded: [...view.expanded, expand] });
      if (collapse) void switchTo({ level: 'agents', expanded: view.expanded.filter((x) => x !== collapse) });
    });
    // The keyboard's way to a toggle: + on a focused agent draws it with its nodes.
    svg.addEventListener('keydown', (e) => {
      const g = e.key === '+' && e.target instanceof Element ? e.target.closest('g.node[data-kind="agent"]') : null;
      const id = g?.getAttribute('data-id');
      if (id) void switchTo({ level: 'agents', expanded: [...view.expanded, id] });
    });
    svg.addEventListener('dblclick', (e) => {
      const g = e.target instanceof Element ? e.target.closest('g.node[data-kind="agent"]') : null;
      const id = g?.getAttribute('data-id');
      if (id) void switchTo({ level: 'agents', expanded: [...view.expanded, id] });
    });
    return { svg, viewer, drawnOf, nodes };
  }

  /** Fetches and shows another drawing, keeping every mark and the route. @param {{ level: string, expanded: string[] }} next */
  async function switchTo(next) {
    const query = new URLSearchParams({ level: next.level });
    if (next.level === 'agents') for (const id of next.expanded) query.append('expand', id);
    canvas.dataset['loading'] = 'true';
    try {
      const info = /** @type {GraphInfo} */ (await api('GET', `/api/graph?${query}`));
      drawing.viewer.unmount();
      drawing = showDrawing(info.svg, info.drawn);
      Object.assign(view, { level: info.level, expanded: info.expanded });
      pressLevel();
      paint();
    } finally {
      delete canvas.dataset['loading'];
    }
  }

  function pressLevel() {
    for (const b of document.querySelectorAll('.graph-level button[data-level]'))
      b.setAttribute('aria-pressed', String(b.getAttribute('data-level') === view.level));
    canvas.dataset['level'] = view.level;
    canvas.dataset['expanded'] = view.expanded.join(' ');
  }

  /** Puts every mark on the drawing shown (only changed classes change: a node lit twice is lit once). */
  function paint() {
    /** @param {Iterable<string>} ids */
    const drawn = (ids) => new Set([...ids].map((id) => drawing.drawnOf.get(id)).filter((d) => d !== undefined));
    const running = drawn([...marks.running.keys()]);
    const ran = drawn(marks.ran);
    const waiting = drawn(marks.waiting);
    for (const [id, g] of drawing.nodes) {
      g.classList.toggle('active', running.has(id));
      g.classList.toggle('visited', ran.has(id));
      g.classList.toggle('waiting', waiting.has(id));
    }
    drawRoute(drawing.svg, drawing.drawnOf, route.visits());
  }

  return {
    /** A node started: it runs, and ran in this run. @param {string} id */
    start(id) {
      marks.running.set(id, (marks.running.get(id) ?? 0) + 1);
      marks.ran.add(id);
      paint();
    },
    /** @param {string} id */
    end(id) {
      const left = (marks.running.get(id) ?? 1) - 1;
      if (left > 0) marks.running.set(id, left);
      else marks.running.delete(id);
      paint();
    },
    /** A new run: nothing runs or ran yet. */
    reset() {
      marks.running.clear();
      marks.ran.clear();
      marks.waiting = [];
      paint();
    },
    /** The run ended: nothing runs any more (an interrupted node never sends node.end). */
    settle() {
      marks.running.clear();
      paint();
    },
    /** The nodes where the thread waits for an answer. @param {string[]} ids */
    waiting(ids) {
      marks.waiting = ids;
      paint();
    },
    /**
     * Draws the served graph again at the view shown, keeping every mark: the
     * server serves a new build (weft dev). An agent expanded that the build
     * no longer has is dropped from the view.
     */
    redraw: () => switchTo({ ...view }).catch(() => switchTo({ level: view.level, expanded: [] })),
    /** Another thread opens (or none): its route is read from its checkpoints. @param {string | undefined} threadId */
    openThread(threadId) {
      route.clear();
      const generation = thread.generation + 1;
      thread = { id: threadId, generation };
      paint();
      if (threadId)
        void loadRouteHistory(route, threadId, () => thread.generation === generation)
          .then(paint)
          .catch(() => {});
    },
    clear() {
      route.clear();
      paint();
    },
    /** One event of the open thread's stream: the steps of its route. @param {SseEvent} e @param {unknown} data */
    add(e, data) {
      const d = /** @type {GraphEventData & RunEnd} */ (data && typeof data === 'object' ? data : {});
      if (e.event === 'run') route.runStarts();
      else if (e.event === 'graph' && d.type === 'node.start' && typeof d.node === 'string')
        route.started(d.path ?? [], d.node, d.step ?? 0);
      else if (e.event === 'end') route.ended(d.status);
      else return;
      paint();
    },
  };
}

/**
 * The server's markup parsed as SVG, made inert and imported into the page.
 * @param {string} svgText
 */
function importSvg(svgText) {
  // The server's markup has no xmlns (it is written for inline HTML); as an SVG document it needs one.
  const text = svgText.replace(/^<svg\b(?![^>]*\sxmlns=)/, `<svg xmlns="${SVG_NS}"`);
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('the graph drawing from /api/graph is not valid SVG');
  const svg = document.importNode(doc.documentElement, true);
  if (!(svg instanceof SVGSVGElement)) throw new Error('the graph drawing from /api/graph is not an <svg> element');
  inert(svg);
  return svg;
}

/** The drawing is the server's own escaped markup; this keeps it so even if it were not: no scripts, handlers or links. @param {Element} root */
function inert(root) {
  for (const bad of root.querySelectorAll('script, foreignObject, iframe, a')) bad.remove();
  for (const e of [root, ...root.querySelectorAll('*')])
    for (const attr of [...e.attributes]) if (/^on|href$/i.test(attr.name)) e.removeAttribute(attr.name);
}

/** @typedef {ReturnType<typeof mountGraph>} GraphMarks */
