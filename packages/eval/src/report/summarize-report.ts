import type { GraphJSON } from '@weft/graph';
import type { EvalThresholds } from '../define/eval-definition.ts';
import { coverage } from './coverage.ts';
import type { CaseReport, EvalSummary, ThresholdResult } from './eval-report.ts';

/**
 * The eval's summary over its case reports: counts by status, pass rate,
 * mean score, each scorer's mean over the cases it scored, coverage of the
 * graph, and (with repeats) the means of pass@k and pass^k.
 *
 * @example
 * const summary = summarizeReport(report.cases, report.graph);
 */
export function summarizeReport(cases: readonly CaseReport[], graph: GraphJSON): EvalSummary {
  const count = (status: CaseReport['status']) => cases.filter((c) => c.status === status).length;
  const scores = new Map<string, number[]>();
  for (const c of cases)
    for (const [name, outcome] of Object.entries(c.scorers)) {
      const list = scores.get(name) ?? [];
      if (outcome.kind === 'scored') list.push(outcome.score);
      scores.set(name, list);
    }
  const meanScores: Record<string, number> = {};
  for (const [name, list] of scores) meanScores[name] = mean(list);
  const repeated = cases.flatMap((c) => (c.repeats ? [c.repeats] : []));
  return {
    cases: cases.length,
    passed: count('passed'),
    failed: count('failed'),
    errored: count('error'),
    interrupted: count('interrupted'),
    passRate: cases.length === 0 ? 0 : count('passed') / cases.length,
    score: mean(cases.map((c) => c.score)),
    meanScores,
    coverage: coverage(
      graph,
      cases.map((c) => c.path),
    ),
    ...(repeated.length > 0 ? { passAtK: mean(repeated.map((r) => r.passAtK)), passHatK: mean(repeated.map((r) => r.passHatK)) } : {}),
  };
}

/**
 * Each threshold against the summary: `score` (mean case score), `passRate`,
 * and a minimum per scorer. A scorer that scored no case counts as 0.
 */
export function checkThresholds(summary: EvalSummary, thresholds: EvalThresholds): ThresholdResult[] {
  const results: ThresholdResult[] = [];
  const add = (metric: string, min: number, actual: number) => results.push({ metric, min, actual, pass: actual >= min });
  if (thresholds.score !== undefined) add('score', thresholds.score, summary.score);
  if (thresholds.passRate !== undefined) add('passRate', thresholds.passRate, summary.passRate);
  for (const [scorer, min] of Object.entries(thresholds.scorers ?? {})) add(scorer, min, summary.meanScores[scorer] ?? 0);
  return results;
}

function mean(list: readonly number[]): number {
  return list.length === 0 ? 0 : list.reduce((a, b) => a + b, 0) / list.length;
}
