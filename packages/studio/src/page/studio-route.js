// @ts-check
/**
 * The route the open thread took, drawn over the graph: the edges its runs
 * went along are drawn strong and numbered in the order they were taken, and
 * the transfers it did not take turn quiet. The route is kept as the node ids
 * each step started (`path/node` for a subgraph's), from two sources the
 * server already has: the thread's checkpoints (a checkpoint of step k names
 * the nodes of step k + 1 in `next`), which hold every run of the thread even
 * from before the server started, and the live events of the run under way.
 * Node ids go through the drawing's `members`, so at the agents level
 * `Tech:tools` lands on `Tech`.
 */

/** History pages read for a route (200 checkpoints each): a longer thread's route starts later. */
const ROUTE_PAGES = 10;
/** How far back a step looks for the node it came from (parallel branches run side by side). */
const ROUTE_LOOKBACK = 30;
/** Where along an edge its number sits: short of the middle, so the numbers of two edges running both ways between two nodes do not cover each other. */
const ROUTE_BADGE_AT = 0.3;
/** Step numbers shown on one edge before "…". */
const ROUTE_NUMBERS_SHOWN = 3;

/** The node ids each step of a thread started, from its checkpoints and its live events. */
function threadRoute() {
  /** @type {Map<number, string[]>} */
  let steps = new Map();
  /** The next top-level start is a run's first: it replaces its step and any after it. */
  let runStarting = false;
  /** The top-level step under way: a subgraph's nodes count in their holder's step. */
  let top = 0;
  /** @type {string | undefined} */
  let status;
  /** @param {number} step @param {string} id */
  const put = (step, id) => {
    const list = steps.get(step) ?? [];
    if (!list.includes(id)) list.push(id);
    steps.set(step, list);
  };
  return {
    clear() {
      steps = new Map();
      runStarting = false;
      top = 0;
      status = undefined;
    },
    /** A run starts: a resume runs its interrupted step again, a fork goes on from an earlier one. */
    runStarts() {
      runStarting = true;
      status = undefined;
    },
    /** A node started. @param {string[]} path @param {string} node @param {number} step */
    started(path, node, step) {
      if (path.length > 0) return put(top, [...path, node].join('/'));
      if (runStarting) for (const s of [...steps.keys()]) if (s >= step) steps.delete(s);
      runStarting = false;
      top = step;
      put(step, node);
    },
    /** @param {string} end the run's status */
    ended(end) {
      status = end;
    },
    /**
     * The thread's checkpoints, newest first as the history pages list them:
     * the line from the newest back to the first (a fork's, not the one it
     * left), for the steps no live event told of.
     * @param {CheckpointRow[]} rows
     */
    fromHistory(rows) {
      const byId = new Map(rows.map((r) => [r.checkpointId, r]));
      /** @type {CheckpointRow[]} */
      const line = [];
      /** @type {CheckpointRow | undefined} */
      let at = rows[0];
      // The parents' line, each checkpoint once (a cycle in bad data ends it).
      const seen = new Set();
      while (at !== undefined && !seen.has(at)) {
        seen.add(at);
        line.unshift(at);
        at = at.parentId ? byId.get(at.parentId) : undefined;
      }
      for (const cp of line) if (!steps.has(cp.step + 1) && cp.next.length > 0) steps.set(cp.step + 1, [...cp.next]);
      if (status === undefined && rows[0]) status = rows[0].status;
    },
    /** The node ids started, step by step, and whether the thread is done (its route ends at END). */
    visits() {
      const order = [...steps.keys()].sort((a, b) => a - b);
      return { ids: order.flatMap((s) => steps.get(s) ?? []), done: status === 'done' };
    },
  };
}

/** @typedef {ReturnType<typeof threadRoute>} ThreadRoute */

/**
 * Reads the thread's checkpoints into the route (up to ROUTE_PAGES pages).
 * @param {ThreadRoute} route @param {string} threadId @param {() => boolean} current still the open thread
 */
async function loadRouteHistory(route, threadId, current) {
  /** @type {CheckpointRow[]} */
  const rows = [];
  /** @type {number | undefined} */
  let before;
  for (let page = 0; page < ROUTE_PAGES; page++) {
    const query = `?limit=200${before === undefined ? '' : `&before=${before}`}`;
    const got = /** @type {HistoryPage} */ (await api('GET', threadPath(threadId, 'history') + query));
    rows.push(...got.checkpoints);
    if (!got.more) break;
    before = got.more.before;
  }
  if (current()) route.fromHistory(rows);
}

/**
 * Draws the route on a drawing: each edge taken gets the class `taken` and
 * its step numbers (`data-steps`, and a numbered badge at its middle), and
 * the svg the class `has-route` (which quiets the transfers not taken).
 * Consecutive visits of one drawn node are one (an agent's model and tools).
 * @param {SVGSVGElement} svg
 * @param {Map<string, string>} drawnOf node id → the drawn node standing for it
 * @param {{ ids: string[], done: boolean }} visits
 */
function drawRoute(svg, drawnOf, visits) {
  const edges = new Map(
    [...svg.querySelectorAll('g.edge')].map((g) => [`${g.getAttribute('data-from')}\n${g.getAttribute('data-to')}`, g]),
  );
  const badges = svg.querySelector('g.route-steps');
  badges?.replaceChildren();
  /** @type {string[]} */
  const seq = [];
  for (const id of visits.ids) {
    const drawn = drawnOf.get(id);
    if (drawn !== undefined && seq.at(-1) !== drawn) seq.push(drawn);
  }
  const start = drawnOf.get('__start__');
  const end = drawnOf.get('__end__');
  if (seq.length > 0 && start !== undefined && seq[0] !== start) seq.unshift(start);
  if (visits.done && end !== undefined && seq.length > 0 && seq.at(-1) !== end) seq.push(end);
  /** @type {Map<Element, number[]>} */
  const taken = new Map();
  let n = 0;
  for (let i = 1; i < seq.length; i++) {
    for (let j = i - 1; j >= Math.max(0, i - ROUTE_LOOKBACK); j--) {
      const g = edges.get(`${seq[j]}\n${seq[i]}`);
      if (!g) continue;
      taken.set(g, [...(taken.get(g) ?? []), ++n]);
      break;
    }
  }
  svg.classList.toggle('has-route', taken.size > 0);
  // Only what changed changes (this runs on every node event).
  for (const g of edges.values()) {
    const steps = taken.get(g);
    g.classList.toggle('taken', steps !== undefined);
    if (steps === undefined) g.removeAttribute('data-steps');
    else if (g.getAttribute('data-steps') !== steps.join(' ')) g.setAttribute('data-steps', steps.join(' '));
    if (steps && badges) badges.append(routeBadge(g, steps));
  }
}

/**
 * A pill with the edge's step numbers, on its line (ROUTE_BADGE_AT).
 * @param {Element} edge @param {number[]} steps
 */
function routeBadge(edge, steps) {
  const line = /** @type {SVGPathElement | null} */ (edge.querySelector('path.edge-line'));
  const length = line ? line.getTotalLength() : 0;
  const at = line && length > 0 ? line.getPointAtLength(length * ROUTE_BADGE_AT) : { x: 0, y: 0 };
  const text = steps.slice(0, ROUTE_NUMBERS_SHOWN).join(',') + (steps.length > ROUTE_NUMBERS_SHOWN ? '…' : '');
  const width = 10 + text.length * 7;
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('class', 'route-step');
  g.setAttribute('data-edge', edge.getAttribute('data-id') ?? '');
  g.setAttribute('transform', `translate(${at.x},${at.y})`);
  const pill = document.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ x: -width / 2, y: -8, width, height: 16, rx: 8 })) pill.setAttribute(k, String(v));
  const label = document.createElementNS(SVG_NS, 'text');
  label.setAttribute('y', '4');
  label.textContent = text;
  g.append(pill, label);
  return g;
}
