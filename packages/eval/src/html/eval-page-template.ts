import { createHash } from 'node:crypto';
import { escapeHtml } from './escape-html.ts';

/** The parts of the report's page, each already safe for where it goes. */
export interface EvalPageParts {
  title: string;
  /** Eval, target, mode, start and duration, as one line of text (escaped here). */
  meta: string;
  pass: boolean;
  summary: string;
  table: string;
  /** The coverage line above the drawing (markup). */
  coverageLine: string;
  svg: string;
  /** The missed nodes and edges, as a list (markup). */
  missed: string;
  details: string;
  /** The page data, embedded JSON. */
  dataJson: string;
  css: string;
  script: string;
  /** CSP sources the replays' viewer pages need: they run in `srcdoc` frames, which inherit this page's policy. */
  frameStyleSources: readonly string[];
  frameScriptSources: readonly string[];
}

/** The id of the JSON block the page's script reads. */
export const EVAL_DATA_ID = 'eval-report-data';

/**
 * The report's page. Its Content-Security-Policy allows only its own inline
 * style and script (and the replays' viewer pages', by hash) and no network
 * at all: even a payload that slipped past escaping could neither run nor
 * load anything.
 */
export function evalPageTemplate(p: EvalPageParts): string {
  const style = [sha256(p.css), ...p.frameStyleSources].join(' ');
  const script = [sha256(p.script), ...p.frameScriptSources].join(' ');
  const csp = `default-src 'none'; style-src ${style}; script-src ${script}; img-src data:`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(p.title)}</title>
<style>${p.css}</style>
</head>
<body>
<header class="bar">
<h1>${escapeHtml(p.title)}</h1>
<span class="meta">${escapeHtml(p.meta)}</span>
<span class="spacer"></span>
<span class="verdict ${p.pass ? 'pass' : 'fail'}" id="verdict">${p.pass ? 'thresholds met' : 'thresholds not met'}</span>
</header>
${p.summary}
<main class="eval-main">
<section class="cases-pane" aria-label="Cases">
${p.table}
</section>
<section class="right-pane">
<nav class="tabs" role="tablist">
<button id="tab-coverage" type="button" role="tab" aria-selected="true" aria-controls="coverage-pane">Coverage</button>
<button id="tab-case" type="button" role="tab" aria-selected="false" aria-controls="case-pane" disabled>Case</button>
</nav>
<div class="tab coverage-tab" id="coverage-pane" role="tabpanel">
<div class="coverage-bar">${p.coverageLine}<span class="spacer"></span>
<span><i class="legend-node covered"></i>node reached</span><span><i class="legend-node missed"></i>node missed</span>
<span><i class="legend-edge covered"></i>edge taken</span><span><i class="legend-edge missed"></i>edge missed</span>
<button id="fit" type="button" title="Fit the graph to the pane">Fit</button></div>
<div class="coverage-body">
<section class="canvas" id="canvas">
${p.svg}
</section>
<aside class="side">
<section class="panel" id="details" aria-live="polite"><h2>Node</h2><div id="details-body" class="muted">Click a node to see its details.</div></section>
<section class="panel" id="missed"><h2>Missed by every case</h2>${p.missed}</section>
</aside>
</div>
</div>
<div class="tab case-tab" id="case-pane" role="tabpanel" hidden>
<p class="muted" id="case-hint">Choose a case in the table.</p>
${p.details}
</div>
</section>
</main>
<script type="application/json" id="${EVAL_DATA_ID}">${p.dataJson}</script>
<script>${p.script}</script>
</body>
</html>
`;
}

/** A CSP source for an inline block: the hash of its exact text. */
function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
