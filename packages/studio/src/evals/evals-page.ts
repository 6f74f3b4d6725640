import { createHash } from 'node:crypto';
import type { EvalReportEntry } from './list-eval-reports.ts';

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;color:#1f2933;margin:24px}
table{border-collapse:collapse}th,td{padding:4px 12px;border-bottom:1px solid #d6dbe1;text-align:left}
td.num{text-align:right;font-family:ui-monospace,monospace}.fail{color:#b42318;font-weight:600}.pass{color:#1e7b34;font-weight:600}
.muted{color:#66737f}`;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The page at /evals: the folder's eval reports, newest first, each linked
 * to its HTML page, with its pass and counts. Static: no script at all, and
 * the policy allows its one style only.
 */
export function evalsPage(folder: string, entries: readonly EvalReportEntry[]): { html: string; csp: string } {
  const rows = entries.map((e) => {
    const name = e.html ? `<a href="/evals/${encodeURIComponent(e.html)}">${escape(e.name)}</a>` : escape(e.name);
    const s = e.summary;
    const verdict =
      e.pass === null ? '<span class="muted">–</span>' : e.pass ? '<span class="pass">pass</span>' : '<span class="fail">fail</span>';
    const counts = s
      ? `<td class="num">${s.cases}</td><td class="num">${s.passed}</td><td class="num">${s.failed + s.errored + s.interrupted}</td><td class="num">${Math.round(s.passRate * 1000) / 10}%</td>`
      : `<td colspan="4" class="muted">${escape(e.problem ?? '')}</td>`;
    return `<tr><td>${name}</td><td>${escape(e.eval ?? '')}</td><td>${escape(e.date)}</td><td>${verdict}</td>${counts}</tr>`;
  });
  const table = entries.length
    ? `<table><thead><tr><th>report</th><th>eval</th><th>date</th><th>thresholds</th><th>cases</th><th>passed</th><th>not passed</th><th>pass rate</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : `<p class="muted">No eval report yet: write one with <code>weft eval &lt;file&gt; --html ${escape(folder)}/&lt;name&gt;.html --out ${escape(folder)}/&lt;name&gt;.json</code>.</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Eval reports · Weft Studio</title><style>${STYLE}</style></head>
<body><h1>Eval reports</h1><p class="muted">${escape(folder)} · <a href="/">back to the studio</a></p>${table}</body></html>
`;
  const hash = createHash('sha256').update(STYLE, 'utf8').digest('base64');
  return { html, csp: `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; form-action 'none'` };
}
