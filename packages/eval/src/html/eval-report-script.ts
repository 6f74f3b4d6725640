/**
 * The report's browser code, inlined after @weft/viz's `viewerAssets().script`
 * in one function scope (it uses the viewer's `byId` and `mountViewer`).
 * Marks coverage on the drawing (`missed` / `covered` on each node and edge,
 * an edge known by its ends as `from -> to`), wires pan, zoom and node
 * details, the tabs, and the case rows: a row (click, Enter or Space) shows
 * its details and, the first time, the replay of its run in a sandboxed
 * `<iframe srcdoc>`. Data reaches the page only as text: no markup is built
 * from strings.
 */
export const EVAL_REPORT_SCRIPT = String.raw`
const data = JSON.parse(byId('eval-report-data').textContent || '{}');
const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (byId('graph')));
const missedNodes = new Set(data.missedNodes);
const missedEdges = new Set(data.missedEdges);
for (const g of svg.querySelectorAll('g.node'))
  g.classList.add(missedNodes.has(g.getAttribute('data-id') || '') ? 'missed' : 'covered');
for (const g of svg.querySelectorAll('g.edge')) {
  const key = (g.getAttribute('data-from') || '') + ' -> ' + (g.getAttribute('data-to') || '');
  g.classList.add(missedEdges.has(key) ? 'missed' : 'covered');
}
const viewer = mountViewer(data.model, svg, byId('canvas'), byId('details-body'));
byId('fit').addEventListener('click', viewer.fit);

const tabs = { coverage: byId('tab-coverage'), case: byId('tab-case') };
const panes = { coverage: byId('coverage-pane'), case: byId('case-pane') };
function show(name) {
  for (const key of Object.keys(tabs)) {
    tabs[key].setAttribute('aria-selected', String(key === name));
    panes[key].hidden = key !== name;
  }
  if (name === 'coverage') viewer.fit();
}
tabs.coverage.addEventListener('click', () => show('coverage'));
tabs.case.addEventListener('click', () => show('case'));

const rows = [...document.querySelectorAll('tr.case-row')];
function openCase(i) {
  rows.forEach((row, j) => row.classList.toggle('selected', j === i));
  for (const section of document.querySelectorAll('section.case-detail')) section.hidden = section.id !== 'case-' + i;
  byId('case-hint').hidden = true;
  tabs.case.disabled = false;
  tabs.case.textContent = 'Case ' + (rows[i].getAttribute('data-case') || '');
  show('case');
  panes.case.scrollTop = 0;
  const box = document.querySelector('#case-' + i + ' .replay');
  const page = data.replays[i];
  if (box && typeof page === 'string' && !box.firstChild) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'Replay of case ' + (rows[i].getAttribute('data-case') || '');
    frame.srcdoc = page;
    box.append(frame);
  }
}
rows.forEach((row, i) => {
  row.addEventListener('click', () => openCase(i));
  row.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    openCase(i);
  });
});
`;
