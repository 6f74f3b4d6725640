import type { CaseReport, EvalReport, ScorerOutcome } from '../report/eval-report.ts';
import { escapeHtml } from './escape-html.ts';
import { scoreText } from './summary-html.ts';

/** The scorers of a report, in the order a reader meets them: the summary's means, then any other a case has. */
export function scorerNames(report: EvalReport): string[] {
  const names = new Set(Object.keys(report.summary.meanScores));
  for (const c of report.cases) for (const name of Object.keys(c.scorers)) names.add(name);
  return [...names];
}

/** How an outcome is marked in the table and the details: `passed`, `failed`, `skipped` or `error`. */
export function outcomeClass(outcome: ScorerOutcome | undefined): string {
  if (outcome === undefined || outcome.kind === 'skipped') return 'skipped';
  if (outcome.kind === 'error') return 'error';
  return outcome.pass ? 'passed' : 'failed';
}

/**
 * The table of cases: one row per case (`tr.case-row` with the status as a
 * class, so failed, errored and interrupted rows stand out), its tags, score
 * and each scorer's score. A row opens the case's details (the page's script).
 */
export function casesTableHtml(report: EvalReport, names: readonly string[]): string {
  const head = ['case', 'tags', 'status', 'score', ...names].map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const rows = report.cases.map((c, i) => caseRow(c, i, names)).join('\n');
  return `<table class="cases"><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table>`;
}

function caseRow(c: CaseReport, index: number, names: readonly string[]): string {
  const tags = c.tags.map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join(' ');
  const cells = names.map((name) => scorerCell(c.scorers[name])).join('');
  return (
    `<tr class="case-row ${escapeHtml(c.status)}" data-index="${index}" data-case="${escapeHtml(c.id)}" tabindex="0" aria-controls="case-${index}">` +
    `<th scope="row" class="case-id">${escapeHtml(c.id)}</th><td>${tags}</td>` +
    `<td><span class="status ${escapeHtml(c.status)}">${escapeHtml(c.status)}</span></td><td class="num">${scoreText(c.score)}</td>${cells}</tr>`
  );
}

function scorerCell(outcome: ScorerOutcome | undefined): string {
  const cls = outcomeClass(outcome);
  if (outcome === undefined) return `<td class="scorer-cell ${cls}">–</td>`;
  if (outcome.kind === 'skipped') return `<td class="scorer-cell ${cls}" title="not applicable">–</td>`;
  if (outcome.kind === 'error') return `<td class="scorer-cell ${cls}" title="${escapeHtml(outcome.message)}">error</td>`;
  return `<td class="scorer-cell ${cls} num" title="${escapeHtml(outcome.reason)}">${scoreText(outcome.score)}</td>`;
}
