import { drawGraph, viewerAssets } from '@weft/viz';
import { EvalError } from '../errors.ts';
import { EVAL_REPORT_VERSION, type EvalReport } from '../report/eval-report.ts';
import { caseDetailHtml } from './case-detail-html.ts';
import { caseReplayPages } from './case-replay-pages.ts';
import { casesTableHtml, scorerNames } from './cases-table-html.ts';
import { escapeHtml } from './escape-html.ts';
import { evalPageTemplate } from './eval-page-template.ts';
import { EVAL_REPORT_SCRIPT } from './eval-report-script.ts';
import { EVAL_REPORT_CSS } from './eval-report-style.ts';
import { durationText, percentText, summaryHtml } from './summary-html.ts';

export interface RenderEvalReportOptions {
  /** Each case's run log (the JSONL text a run writes with `record: file`), by case id: the page replays it on the graph. */
  runLogs?: Readonly<Record<string, string>>;
  /** The page title (default: `Eval <name>`). */
  title?: string;
}

/**
 * One self-contained HTML page for an eval report: the summary (counts by
 * status, pass rate, each scorer's mean, thresholds met or not), the
 * compiled graph with the nodes and edges no case reached drawn dashed and
 * grey, and the cases table; a case opens its details (every scorer, the
 * failed ones marked, with reasons and a judge's details; the output,
 * trajectory, interrupts, usage, error) and, given its run log, the replay
 * of its run by @weft/viz's viewer. No network: styles and scripts are
 * inline, the page's Content-Security-Policy forbids any request, and every
 * string of the report (model output included) is written as text.
 *
 * @example
 * const report = await runEval(definition, { runLogs: '.weft/evals/support/runs' });
 * const runLogs = { 'refund-approved': await readFile('.weft/evals/support/runs/refund-approved.jsonl', 'utf8') };
 * await writeFile('support.html', await renderEvalReport(report, { runLogs }));
 */
export async function renderEvalReport(report: EvalReport, options: RenderEvalReportOptions = {}): Promise<string> {
  checkReport(report);
  const { runLogs = {}, title = `Eval ${report.eval}` } = checkOptions(options);
  const [drawing, replays] = await Promise.all([drawGraph(report.graph), caseReplayPages(report, runLogs)]);
  const { nodes, edges } = report.summary.coverage;
  const names = scorerNames(report);
  const assets = viewerAssets();
  return evalPageTemplate({
    title,
    meta: [
      `eval ${report.eval}`,
      `target ${report.target}`,
      `mode ${report.mode}`,
      report.repeat > 1 ? `repeat ${report.repeat}` : '',
      `started ${report.startedAt}`,
      durationText(report.durationMs),
    ]
      .filter(Boolean)
      .join(' · '),
    pass: report.pass === true,
    summary: summaryHtml(report),
    table: casesTableHtml(report, names),
    coverageLine:
      `<span class="coverage-line">${escapeHtml(`${nodes.covered} of ${nodes.total} nodes reached (${percentText(nodes.ratio)}), `)}` +
      `${escapeHtml(`${edges.covered} of ${edges.total} edges taken (${percentText(edges.ratio)})`)}</span>`,
    svg: drawing.svg,
    missed: missedHtml(nodes.missed, edges.missed),
    details: report.cases.map((c, i) => caseDetailHtml(c, i, replays.pages[i] !== null)).join('\n'),
    dataJson: embedJson({ model: drawing.model, missedNodes: nodes.missed, missedEdges: edges.missed, replays: replays.pages }),
    css: `${assets.css}\n${EVAL_REPORT_CSS}`,
    // One function scope for the viewer's code and the report's: nothing leaks onto window.
    script: `(() => {\n'use strict';\n${assets.script}\n${EVAL_REPORT_SCRIPT}\n})();\n`,
    frameStyleSources: replays.styleSources,
    frameScriptSources: replays.scriptSources,
  });
}

function missedHtml(nodes: readonly string[], edges: readonly string[]): string {
  const list = (items: readonly string[], what: string) =>
    items.length === 0
      ? `<p class="muted">Every ${what} was reached.</p>`
      : `<ul class="missed-${what}s">${items.map((i) => `<li><code>${escapeHtml(i)}</code></li>`).join('')}</ul>`;
  return `<h3>Nodes (${nodes.length})</h3>${list(nodes, 'node')}<h3>Edges (${edges.length})</h3>${list(edges, 'edge')}`;
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&` and
 * U+2028/2029 as \u escapes, so no string in the data (a `</script>` in a
 * model's answer, a replay page) can end the block; JSON.parse reads them back.
 */
function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function checkReport(report: EvalReport): void {
  if (report === null || typeof report !== 'object')
    throw new EvalError('INVALID_REPORT', 'renderEvalReport(report, options?) takes an eval report (what runEval returns)');
  if (report.version !== EVAL_REPORT_VERSION)
    throw new EvalError(
      'INVALID_REPORT',
      `renderEvalReport reads eval reports of version ${EVAL_REPORT_VERSION}, got ${JSON.stringify(report.version)}: re-run the eval with this version of @weft/eval`,
    );
  const bad = (field: string) => new EvalError('INVALID_REPORT', `the eval report has no valid ${field}`);
  if (!Array.isArray(report.cases)) throw bad('cases (an array)');
  if (report.summary === null || typeof report.summary !== 'object' || typeof report.summary.coverage !== 'object') throw bad('summary');
  const { nodes, edges } = report.summary.coverage;
  if (!Array.isArray(nodes?.missed) || !Array.isArray(edges?.missed)) throw bad('summary.coverage (nodes and edges with missed lists)');
  if (report.graph === null || typeof report.graph !== 'object' || !Array.isArray(report.graph.nodes)) throw bad('graph (GraphJSON)');
}

function checkOptions(options: RenderEvalReportOptions): RenderEvalReportOptions {
  const bad = (message: string) => new EvalError('INVALID_ARGUMENT', `renderEvalReport(report, options?): ${message}`);
  if (options === null || typeof options !== 'object') throw bad('options must be an object');
  if (options.title !== undefined && typeof options.title !== 'string') throw bad('title must be a string');
  const { runLogs } = options;
  if (runLogs !== undefined && (runLogs === null || typeof runLogs !== 'object' || Array.isArray(runLogs)))
    throw bad('runLogs must be an object of run log texts by case id');
  return options;
}
