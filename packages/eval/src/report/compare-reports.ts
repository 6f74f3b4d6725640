import type { CaseReport, CaseStatus, EvalReport } from './eval-report.ts';

/** Scores closer than this are the same score: means of a few cases carry float noise (0.1 + 0.2). */
const SAME_SCORE = 1e-9;

/** One case in both reports whose outcome moved. */
export interface CaseChange {
  id: string;
  baseline: { status: CaseStatus; score: number };
  current: { status: CaseStatus; score: number };
  /** `status` when it passed in one report and not in the other; `score` when only its score moved. */
  kind: 'status' | 'score';
  /** Scorers that passed (or did not apply) in the baseline and fail or throw now (for an improvement: the reverse). */
  scorers: string[];
}

/** A scorer's mean in each report (undefined where it scored no case), and the change. */
export interface ScorerDelta {
  baseline: number | undefined;
  current: number | undefined;
  /** current − baseline; undefined unless both have a mean. */
  delta: number | undefined;
}

/** How a report differs from a baseline report of the same eval. */
export interface ReportComparison {
  /** Cases that passed in the baseline and do not now, or whose score dropped; in the report's case order. */
  regressions: CaseChange[];
  /** Cases that pass now and did not, or whose score rose. */
  improvements: CaseChange[];
  /** Case ids only the report has. */
  added: string[];
  /** Case ids only the baseline has. */
  removed: string[];
  /** Every scorer either report has a mean for, by name. */
  scorers: Record<string, ScorerDelta>;
  /** The mean case score and the pass rate, before and after. */
  score: ScorerDelta;
  passRate: ScorerDelta;
}

/**
 * What changed between a baseline report (`--baseline`, last release's
 * results) and a new one, case by case: a case that passed and no longer
 * does, or whose score dropped, is a regression even when the eval's
 * thresholds still pass — a mean can hide one case breaking while another
 * mends. Cases are matched by id; with `--repeat`, each case's first try
 * (its reported status and score) is compared.
 *
 * @example
 * const { regressions } = compareReports(readReport({ file: 'baseline.json' }), report);
 * for (const r of regressions) console.log(`${r.id}: ${r.baseline.status} → ${r.current.status}`);
 */
export function compareReports(baseline: EvalReport, report: EvalReport): ReportComparison {
  const before = new Map(baseline.cases.map((c) => [c.id, c]));
  const now = new Set(report.cases.map((c) => c.id));
  const regressions: CaseChange[] = [];
  const improvements: CaseChange[] = [];
  const added: string[] = [];
  for (const current of report.cases) {
    const old = before.get(current.id);
    if (!old) {
      added.push(current.id);
      continue;
    }
    const change = caseChange(old, current);
    if (change?.direction === 'worse') regressions.push(change.change);
    if (change?.direction === 'better') improvements.push(change.change);
  }
  const removed = baseline.cases.filter((c) => !now.has(c.id)).map((c) => c.id);
  const names = [...new Set([...Object.keys(baseline.summary.meanScores), ...Object.keys(report.summary.meanScores)])];
  const scorers = Object.fromEntries(names.map((n) => [n, delta(baseline.summary.meanScores[n], report.summary.meanScores[n])]));
  return {
    regressions,
    improvements,
    added,
    removed,
    scorers,
    score: delta(baseline.summary.score, report.summary.score),
    passRate: delta(baseline.summary.passRate, report.summary.passRate),
  };
}

function caseChange(old: CaseReport, current: CaseReport): { direction: 'worse' | 'better'; change: CaseChange } | undefined {
  const passedBefore = old.status === 'passed';
  const passedNow = current.status === 'passed';
  const scoreMove = current.score - old.score;
  let direction: 'worse' | 'better' | undefined;
  let kind: CaseChange['kind'] = 'status';
  if (passedBefore !== passedNow) direction = passedBefore ? 'worse' : 'better';
  else if (Math.abs(scoreMove) > SAME_SCORE) {
    direction = scoreMove < 0 ? 'worse' : 'better';
    kind = 'score';
  }
  if (!direction) return undefined;
  const [from, to] = direction === 'worse' ? [old, current] : [current, old];
  return {
    direction,
    change: {
      id: current.id,
      baseline: { status: old.status, score: old.score },
      current: { status: current.status, score: current.score },
      kind,
      scorers: Object.keys(to.scorers).filter((name) => failing(to, name) && !failing(from, name)),
    },
  };
}

/** Whether a scorer failed or threw on a case (a skipped or absent one did not). */
function failing(c: CaseReport, name: string): boolean {
  const outcome = c.scorers[name];
  return outcome?.kind === 'error' || (outcome?.kind === 'scored' && !outcome.pass);
}

function delta(baseline: number | undefined, current: number | undefined): ScorerDelta {
  return { baseline, current, delta: baseline === undefined || current === undefined ? undefined : current - baseline };
}
