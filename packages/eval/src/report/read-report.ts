import { readFileSync } from 'node:fs';
import { EvalError } from '../errors.ts';
import { EVAL_REPORT_VERSION, type EvalReport } from './eval-report.ts';

const STATUSES = ['passed', 'failed', 'error', 'interrupted'];

/**
 * An eval report read back (a `--baseline`, a CI artifact): from its JSON
 * text, or from `{ file }`. It checks what comparing and printing reports
 * rely on — the `version` (a report of another version is refused rather
 * than misread), the summary's counts and means, and each case's id,
 * status, score and scorers — and throws INVALID_REPORT saying what is
 * wrong and where (`cases[2].status`), never a report with holes in it.
 *
 * @example
 * const baseline = readReport({ file: 'eval-baseline.json' });
 * const { regressions } = compareReports(baseline, await runEval(support, {}));
 */
export function readReport(source: string | { file: string }): EvalReport {
  const where = typeof source === 'string' ? 'the report' : source.file;
  const text = typeof source === 'string' ? source : readText(source.file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw invalid(`${where} is not JSON (${(err as Error).message})`, 'pass the file `weft eval --out <file>` or `--json` wrote', err);
  }
  if (!isObject(value)) throw invalid(`${where} is not an eval report: it is ${kindOf(value)}, not an object`);
  if (value['version'] !== EVAL_REPORT_VERSION)
    throw invalid(
      `${where} is an eval report of version ${JSON.stringify(value['version'])}; this @weft/eval reads version ${EVAL_REPORT_VERSION}`,
      'write the report again with this version of weft eval',
    );
  const problem = reportProblem(value);
  if (problem) throw invalid(`${where} is not an eval report: ${problem}`);
  return value as unknown as EvalReport;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw invalid(`cannot read the report ${file}: ${(err as Error).message}`, 'check the path', err);
  }
}

/** The first field that is missing or of the wrong type, as `path is …, expected …`. */
function reportProblem(report: Record<string, unknown>): string | undefined {
  return (
    expectField(report, 'eval', 'string') ??
    expectField(report, 'target', 'string') ??
    expectField(report, 'mode', 'string') ??
    expectField(report, 'startedAt', 'string') ??
    expectField(report, 'durationMs', 'number') ??
    expectField(report, 'pass', 'boolean') ??
    summaryProblem(report['summary']) ??
    listProblem(report, 'thresholds', thresholdProblem) ??
    listProblem(report, 'cases', caseProblem)
  );
}

function summaryProblem(summary: unknown): string | undefined {
  if (!isObject(summary)) return `summary is ${kindOf(summary)}, expected an object`;
  for (const key of ['cases', 'passed', 'failed', 'errored', 'interrupted', 'passRate', 'score'])
    if (typeof summary[key] !== 'number') return `summary.${key} is ${kindOf(summary[key])}, expected a number`;
  const means = summary['meanScores'];
  if (!isObject(means)) return `summary.meanScores is ${kindOf(means)}, expected an object`;
  const bad = Object.entries(means).find(([, v]) => typeof v !== 'number');
  return bad ? `summary.meanScores.${bad[0]} is ${kindOf(bad[1])}, expected a number` : undefined;
}

function thresholdProblem(threshold: Record<string, unknown>, at: string): string | undefined {
  return (
    expectField(threshold, 'metric', 'string', at) ??
    expectField(threshold, 'min', 'number', at) ??
    expectField(threshold, 'actual', 'number', at) ??
    expectField(threshold, 'pass', 'boolean', at)
  );
}

function caseProblem(c: Record<string, unknown>, at: string): string | undefined {
  const missing = expectField(c, 'id', 'string', at) ?? expectField(c, 'score', 'number', at) ?? expectField(c, 'durationMs', 'number', at);
  if (missing) return missing;
  if (!STATUSES.includes(c['status'] as string)) return `${at}.status is ${kindOf(c['status'])}, expected one of ${STATUSES.join(', ')}`;
  if (!isObject(c['scorers'])) return `${at}.scorers is ${kindOf(c['scorers'])}, expected an object`;
  for (const [name, outcome] of Object.entries(c['scorers'])) {
    const fields = isObject(outcome) ? outcome : {};
    const kind = fields['kind'];
    if (kind !== 'scored' && kind !== 'skipped' && kind !== 'error')
      return `${at}.scorers.${name}.kind is ${kindOf(kind)}, expected scored, skipped or error`;
    if (kind === 'scored' && (typeof fields['score'] !== 'number' || typeof fields['pass'] !== 'boolean'))
      return `${at}.scorers.${name} has no number score and boolean pass`;
  }
  return undefined;
}

function listProblem(
  report: Record<string, unknown>,
  key: string,
  item: (value: Record<string, unknown>, at: string) => string | undefined,
): string | undefined {
  const list = report[key];
  if (!Array.isArray(list)) return `${key} is ${kindOf(list)}, expected a list`;
  for (const [i, value] of list.entries()) {
    const at = `${key}[${i}]`;
    const problem = isObject(value) ? item(value, at) : `${at} is ${kindOf(value)}, expected an object`;
    if (problem) return problem;
  }
  return undefined;
}

function expectField(value: Record<string, unknown>, key: string, type: 'string' | 'number' | 'boolean', at?: string): string | undefined {
  const field = value[key];
  if (typeof field === type && (type !== 'number' || Number.isFinite(field))) return undefined;
  return `${at ? `${at}.` : ''}${key} is ${kindOf(field)}, expected a ${type}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value is, for a message: `missing`, `null`, `a list`, or its JSON (shortened). */
function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  const json = JSON.stringify(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}

const invalid = (message: string, hint = 'pass a report `weft eval --out <file>` or `--json` wrote', cause?: unknown): EvalError =>
  new EvalError('INVALID_REPORT', `${message}; ${hint}`, cause === undefined ? {} : { cause });
