import { createHash } from 'node:crypto';
import type { VizEdgeKind } from '../model/viz-model.ts';
import { escapeXml } from './escape-xml.ts';

export interface PageParts {
  title: string;
  /** Graph name and hash, shown next to the title. */
  subtitle: string;
  svg: string;
  /** Already embedded with `embedJson`. */
  dataJson: string;
  css: string;
  script: string;
  /** Show the timeline (the page has a run). */
  replay: boolean;
  notices: readonly string[];
}

/** The id of the JSON block the client script reads. */
export const DATA_ID = 'weft-viewer-data';

const LEGEND: readonly [VizEdgeKind, string][] = [
  ['edge', 'edge'],
  ['branch', 'branch'],
  ['transfer', 'transfer'],
  ['agent-tool', 'agent tool'],
];

/**
 * The page around the drawing. A Content-Security-Policy allows only this
 * page's own style and script (by hash) and no network at all: even a payload
 * that slipped past escaping could neither run an inline handler nor load
 * anything.
 */
export function pageTemplate(parts: PageParts): string {
  const csp = `default-src 'none'; style-src '${sha256(parts.css)}'; script-src '${sha256(parts.script)}'; img-src data:`;
  const legend = LEGEND.map(([kind, text]) => `<span data-kind="${kind}"><i class="swatch"></i>${text}</span>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeXml(parts.title)}</title>
<style>${parts.css}</style>
</head>
<body>
<header class="bar">
<h1>${escapeXml(parts.title)}</h1>
<span class="meta">${escapeXml(parts.subtitle)}</span>
<span class="spacer"></span>
<span class="legend">${legend}<span><i class="ring"></i>join (waits for all)</span></span>
<button id="fit" type="button" title="Fit the graph to the window">Fit</button>
</header>
${parts.notices.map((n) => `<div class="notice">${escapeXml(n)}</div>`).join('\n')}
<main class="main">
<section class="canvas" id="canvas">
${parts.svg}
</section>
<aside class="side">
<section class="panel" id="details" aria-live="polite"><h2>Node</h2><div id="details-body" class="muted">Click a node to see its details.</div></section>
${parts.replay ? '<section class="panel" id="step-panel" aria-live="polite"><h2>Step</h2><div id="step-body"></div></section>' : ''}
</aside>
</main>
${parts.replay ? TIMELINE : ''}
<script type="application/json" id="${DATA_ID}">${parts.dataJson}</script>
<script>${parts.script}</script>
</body>
</html>
`;
}

const TIMELINE = `<footer class="timeline" id="timeline">
<div class="controls">
<button id="play" type="button" aria-label="Play">Play</button>
<input id="step" type="range" min="0" max="0" value="0" step="1" aria-label="Step">
<span id="step-label"></span>
</div>
<div class="ticks" id="ticks"></div>
<div class="ticks-legend"><span><i class="checkpoint"></i>checkpoint written</span><span><i class="interrupt"></i>interrupt</span><span><i class="error"></i>error</span></div>
</footer>`;

/** A CSP source for an inline block: the hash of its exact text. */
function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
