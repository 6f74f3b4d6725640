import { compareReports, type ReportComparison } from './compare-reports.ts';
import type { CaseReport, CoverageCount, EvalReport, ScorerOutcome } from './eval-report.ts';

/** Missed nodes or edges named on a coverage line; the rest are counted. */
const MISSED_SHOWN = 3;
/** A failing scorer's reason is cut to this many characters on its line (the JSON report has it whole). */
const REASON_WIDTH = 160;

export interface FormatReportTableOptions {
  /** A baseline report (or its comparison with this one): adds the regressions, improvements and changed means. */
  baseline?: EvalReport | ReportComparison;
}

/**
 * The report as a person reads it after `weft eval`: a table of the cases
 * (id, status, score, failing scorers), the reason of each failing scorer,
 * then summary lines — counts, each scorer's mean, graph coverage with the
 * first missed nodes and edges, the thresholds with ✓/✗, and, given a
 * baseline, what regressed. Text from the report (ids, reasons) has its
 * control characters escaped (`\n`, `\x1b`), so a row stays one line and
 * nothing in a case's output acts on the terminal.
 *
 * @example
 * process.stdout.write(formatReportTable(report, { baseline: readReport({ file: 'baseline.json' }) }));
 */
export function formatReportTable(report: EvalReport, options: FormatReportTableOptions = {}): string {
  const rows = report.cases.map((c) => [c.id, statusText(c), c.score.toFixed(2), failingScorers(c).join(', ')]);
  const lines = [columns(['case', 'status', 'score', 'failing'], rows, new Set([2]))];
  const reasons = report.cases.flatMap(reasonLines);
  if (reasons.length) lines.push('', ...reasons);
  lines.push('', ...summaryLines(report));
  if (options.baseline) {
    const comparison = 'regressions' in options.baseline ? options.baseline : compareReports(options.baseline, report);
    lines.push(...baselineLines(comparison));
  }
  return lines.join('\n') + '\n';
}

function statusText(c: CaseReport): string {
  return c.repeats ? `${c.status} (${c.repeats.passes}/${c.repeats.k} passed)` : c.status;
}

/** The scorers that failed or threw on the case, then why it failed before any scorer. */
function failingScorers(c: CaseReport): string[] {
  const names = Object.entries(c.scorers).flatMap(([name, o]) => (o.kind === 'error' ? [`${name} (error)`] : isFailed(o) ? [name] : []));
  const error = ownError(c);
  return error ? [...names, error.code] : names;
}

/** The case's error when it says more than its scorers do: a scorer that threw is the error already (SCORER_FAILED). */
const ownError = (c: CaseReport): CaseReport['error'] => (Object.values(c.scorers).some((o) => o.kind === 'error') ? undefined : c.error);

const isFailed = (o: ScorerOutcome): boolean => o.kind === 'scored' && !o.pass;

/** `  case › scorer: reason` for each failing scorer of a case that did not pass. */
function reasonLines(c: CaseReport): string[] {
  if (c.status === 'passed') return [];
  const lines = Object.entries(c.scorers).flatMap(([name, o]) => {
    if (o.kind === 'error') return [`  ${c.id} › ${name} threw: ${o.message}`];
    return isFailed(o) && o.kind === 'scored' ? [`  ${c.id} › ${name}: ${o.reason}`] : [];
  });
  const error = ownError(c);
  if (error) lines.push(`  ${c.id} › ${error.code}: ${error.message}`);
  if (c.status === 'interrupted') {
    const open = c.interrupts.filter((i) => !i.answered).map((i) => i.address);
    if (open.length) lines.push(`  ${c.id} › no answer for the interrupt ${open.join(', ')}`);
  }
  return lines.map((l) => cut(cell(l), REASON_WIDTH));
}

function summaryLines(report: EvalReport): string[] {
  const s = report.summary;
  const lines = [
    `${s.cases} ${s.cases === 1 ? 'case' : 'cases'}: ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.interrupted} interrupted` +
      ` · pass rate ${percent(s.passRate)} · mean score ${s.score.toFixed(2)}`,
  ];
  if (s.passAtK !== undefined && s.passHatK !== undefined)
    lines.push(
      `repeats: ${report.repeat} · pass@${report.repeat} ${s.passAtK.toFixed(2)} · pass^${report.repeat} ${s.passHatK.toFixed(2)}`,
    );
  const means = Object.entries(s.meanScores);
  if (means.length) lines.push(`scorers: ${means.map(([name, mean]) => `${cell(name)} ${mean.toFixed(2)}`).join(' · ')}`);
  lines.push(`coverage: ${coverageText('nodes', s.coverage.nodes)} · ${coverageText('edges', s.coverage.edges)}`);
  if (report.thresholds.length)
    lines.push(
      `thresholds: ${report.thresholds.map((t) => `${t.pass ? '✓' : '✗'} ${cell(t.metric)} ${t.actual.toFixed(2)} ${t.pass ? '≥' : '<'} ${t.min.toFixed(2)}`).join(' · ')}`,
    );
  return lines;
}

function coverageText(what: string, count: CoverageCount): string {
  const text = `${what} ${count.covered}/${count.total} (${percent(count.ratio)})`;
  if (!count.missed.length) return text;
  const more = count.missed.length - MISSED_SHOWN;
  const shown = count.missed.slice(0, MISSED_SHOWN).map(cell).join(', ');
  return `${text}, missed ${shown}${more > 0 ? ` and ${more} more` : ''}`;
}

function baselineLines(comparison: ReportComparison): string[] {
  const { regressions, improvements, added, removed } = comparison;
  const changed = (list: typeof regressions) =>
    list.map(
      (c) => `${cell(c.id)} ${c.baseline.status} ${c.baseline.score.toFixed(2)} → ${c.current.status} ${c.current.score.toFixed(2)}`,
    );
  const deltas = Object.entries(comparison.scorers)
    .filter(([, d]) => d.delta !== undefined && Math.abs(d.delta) >= 0.005)
    .map(([name, d]) => `${cell(name)} ${signed(d.delta!)}`);
  const lines = [
    `vs baseline: ${count(regressions.length, 'regression')}, ${count(improvements.length, 'improvement')}, ${added.length} new, ${removed.length} removed` +
      (deltas.length ? ` · ${deltas.join(' · ')}` : ''),
  ];
  if (regressions.length) lines.push(`  regressed: ${changed(regressions).join('; ')}`);
  if (improvements.length) lines.push(`  improved: ${changed(improvements).join('; ')}`);
  if (added.length) lines.push(`  new: ${added.map(cell).join(', ')}`);
  if (removed.length) lines.push(`  removed: ${removed.map(cell).join(', ')}`);
  return lines;
}

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;
const signed = (n: number): string => `${n >= 0 ? '+' : ''}${n.toFixed(2)}`;
const cut = (text: string, width: number): string => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/**
 * Characters a terminal acts on instead of showing (C0 and C1 controls, line
 * separators, bidi overrides, lone surrogates), written as visible escapes.
 */
// Matching control characters is the point of this pattern.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/gu;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const cell = (text: string): string => text.replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Rows aligned in columns under a header, two spaces apart, `right` columns right-aligned, the last one not padded. */
function columns(header: string[], rows: string[][], right: Set<number>): string {
  const all = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((text, i) => (i === row.length - 1 ? text : right.has(i) ? text.padStart(widths[i]!) : text.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return all.map(line).join('\n');
}
