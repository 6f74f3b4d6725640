import { createHash } from 'node:crypto';
import { viewerAssets } from '@weft/viz';
import { readPageFile } from './read-page-file.ts';

/**
 * The page's browser scripts, inlined in this order after @weft/viz's viewer
 * code (which declares el, pretty, byId and mountViewer) in one function
 * scope: later files use what earlier ones declare, and nothing leaks onto
 * window. studio-main.js runs the page.
 */
export const PAGE_SCRIPTS = [
  'studio-types.js',
  'studio-dom.js',
  'studio-api.js',
  'studio-sse.js',
  'studio-schema.js',
  'studio-graph.js',
  'studio-batch.js',
  'studio-media.js',
  'studio-content.js',
  'studio-route.js',
  'studio-events.js',
  'studio-attach.js',
  'studio-run.js',
  'studio-interrupts.js',
  'studio-history.js',
  'studio-state.js',
  'studio-threads.js',
  'studio-timeline.js',
  'studio-usage.js',
  'studio-timeline-detail.js',
  'studio-dev.js',
  'studio-memory.js',
  'studio-guardrails.js',
  'studio-schedules.js',
  'studio-transcript-rows.js',
  'studio-transcript.js',
  'studio-main.js',
];

/** The page's styles, after @weft/viz's viewer.css, in this order. */
export const PAGE_STYLES = [
  'studio.css',
  'studio-layout.css',
  'studio-transcript.css',
  'studio-media.css',
  'studio-timeline.css',
  'studio-actions.css',
  'studio-graph.css',
  'studio-dev.css',
  'studio-memory.css',
  'studio-usage.css',
  'studio-schedules.css',
];

interface PageAssets {
  css: string;
  script: string;
  body: string;
  csp: string;
}

let assets: PageAssets | undefined;

/**
 * Weft Studio's page: a shell whose inline script fetches the graph, threads
 * and events from the API. Everything is inline and allowed by hash in the
 * Content-Security-Policy (sent as a header): no other script or style runs,
 * the page connects to its own origin only, loads nothing, and cannot be
 * framed. The files are read once per process.
 */
export function studioPage(title: string): { html: string; csp: string } {
  const { css, script, body, csp } = (assets ??= loadAssets());
  const escaped = escapeHtml(title);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escaped} · Weft Studio</title>
<style>${css}</style>
</head>
<body>
${body.replace('{{title}}', () => escaped)}
<script>${script}</script>
</body>
</html>
`;
  return { html, csp };
}

function loadAssets(): PageAssets {
  const viewer = viewerAssets();
  const css = `${viewer.css}\n${PAGE_STYLES.map(readPageFile).join('\n')}`;
  const script = `(() => {\n'use strict';\n${viewer.script}\n${PAGE_SCRIPTS.map(readPageFile).join('\n')}\n})();\n`;
  const csp = [
    "default-src 'none'",
    `script-src '${sha256(script)}'`,
    `style-src '${sha256(css)}'`,
    "connect-src 'self'",
    // Images and audio only from the page itself: data: URLs, and the blob: URLs it makes of a thread's parts (studio-media.js).
    'img-src data: blob:',
    'media-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  // Inline blocks end at the first "</script" or "</style": none of the files may hold one.
  if (/<\/script/i.test(script) || /<\/style/i.test(css)) throw new Error('@weft/studio: a page file holds "</script" or "</style"');
  return { css, script, body: readPageFile('studio-body.html'), csp };
}

/** A CSP source for an inline block: the hash of its exact text. */
function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
