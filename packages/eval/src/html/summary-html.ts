import type { EvalReport, ThresholdResult } from '../report/eval-report.ts';
import { escapeHtml } from './escape-html.ts';

/** A score (0 to 1) with two decimals. */
export function scoreText(score: number): string {
  return typeof score === 'number' ? score.toFixed(2) : escapeHtml(String(score));
}

/** A ratio as a percentage with at most one decimal: `66.7%`. */
export function percentText(ratio: number): string {
  return typeof ratio === 'number' ? `${Math.round(ratio * 1000) / 10}%` : escapeHtml(String(ratio));
}

/** A duration in whole milliseconds: `87 ms`. */
export function durationText(ms: number): string {
  return typeof ms === 'number' ? `${Math.round(ms)} ms` : escapeHtml(String(ms));
}

/**
 * The strip under the page's title: the case counts by status (each a
 * `.stat[data-stat]` a test or a reader can find), the pass rate and mean
 * score, each scorer's mean, the thresholds met or not, and the coverage.
 */
export function summaryHtml(report: EvalReport): string {
  const s = report.summary;
  const stats: [string, string, string][] = [
    ['cases', String(s.cases), 'cases'],
    ['passed', String(s.passed), 'passed'],
    ['failed', String(s.failed), 'failed'],
    ['errored', String(s.errored), 'errored'],
    ['interrupted', String(s.interrupted), 'interrupted'],
    ['pass-rate', percentText(s.passRate), 'pass rate'],
    ['score', scoreText(s.score), 'mean score'],
  ];
  if (s.passAtK !== undefined) stats.push(['pass-at-k', scoreText(s.passAtK), `pass@${report.repeat}`]);
  if (s.passHatK !== undefined) stats.push(['pass-hat-k', scoreText(s.passHatK), `pass^${report.repeat}`]);
  const statHtml = stats
    .map(([key, value, label]) => {
      const zero = key !== 'cases' && key !== 'passed' && value === '0' ? ' zero' : '';
      return `<div class="stat${zero}" data-stat="${key}"><b>${escapeHtml(value)}</b><span>${escapeHtml(label)}</span></div>`;
    })
    .join('');
  const scorers = Object.entries(s.meanScores)
    .map(([name, mean]) => `<dt>${escapeHtml(name)}</dt><dd data-scorer="${escapeHtml(name)}">${scoreText(mean)}</dd>`)
    .join('');
  const { nodes, edges } = s.coverage;
  return `<section class="summary" aria-label="Summary">
<div class="stats">${statHtml}</div>
<div class="summary-box"><h2>Mean score per scorer</h2>${scorers ? `<dl class="kv scorer-means">${scorers}</dl>` : '<p class="muted">No scorer scored a case.</p>'}</div>
<div class="summary-box"><h2>Thresholds</h2>${thresholdsHtml(report.thresholds)}</div>
<div class="summary-box"><h2>Coverage</h2><dl class="kv coverage-counts">
<dt>nodes</dt><dd data-coverage="nodes">${escapeHtml(String(nodes.covered))} / ${escapeHtml(String(nodes.total))} (${percentText(nodes.ratio)})</dd>
<dt>edges</dt><dd data-coverage="edges">${escapeHtml(String(edges.covered))} / ${escapeHtml(String(edges.total))} (${percentText(edges.ratio)})</dd>
</dl></div>
</section>`;
}

function thresholdsHtml(thresholds: readonly ThresholdResult[]): string {
  if (thresholds.length === 0) return '<p class="muted">None set: the eval passes whatever the scores.</p>';
  const rows = thresholds.map((t) => {
    const verdict = t.pass ? 'met' : 'not met';
    return (
      `<li class="threshold ${t.pass ? 'met' : 'missed'}" data-metric="${escapeHtml(t.metric)}">` +
      `<span class="metric">${escapeHtml(t.metric)}</span> ${scoreText(t.actual)} ≥ ${scoreText(t.min)} <b>${verdict}</b></li>`
    );
  });
  return `<ul class="thresholds">${rows.join('')}</ul>`;
}
