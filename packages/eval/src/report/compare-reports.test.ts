/** compareReports: regressions, improvements, new and removed cases, scorer mean deltas. */
import { describe, expect, it } from 'vitest';
import { compareReports } from './compare-reports.ts';
import { caseReport, evalReport } from './test-support/report-fixture.ts';

const pass = (score = 1) => ({ kind: 'scored', score, pass: true, reason: 'ok' }) as const;
const fail = (score = 0) => ({ kind: 'scored', score, pass: false, reason: 'no' }) as const;

describe('compareReports', () => {
  const baseline = evalReport(
    [
      caseReport('steady', { scorers: { output: pass() } }),
      caseReport('breaks', { scorers: { output: pass(), trajectory: pass() } }),
      caseReport('slips', { score: 0.9, scorers: { judge: pass(0.9) } }),
      caseReport('mends', { status: 'failed', score: 0, scorers: { output: fail() } }),
      caseReport('gone'),
    ],
    { summary: { ...evalReport([]).summary, score: 0.78, passRate: 0.8, meanScores: { output: 0.75, trajectory: 1, judge: 0.9 } } },
  );
  const report = evalReport(
    [
      caseReport('steady', { scorers: { output: pass() } }),
      caseReport('breaks', { status: 'error', score: 0.5, scorers: { output: pass(), trajectory: { kind: 'error', message: 'threw' } } }),
      caseReport('slips', { score: 0.6, scorers: { judge: pass(0.6) } }),
      caseReport('mends', { scorers: { output: pass() } }),
      caseReport('fresh', { status: 'failed', score: 0 }),
    ],
    { summary: { ...evalReport([]).summary, score: 0.62, passRate: 0.6, meanScores: { output: 1, judge: 0.6, cost: 1 } } },
  );

  it('finds regressions by status and by score, improvements, and new and removed cases', () => {
    const comparison = compareReports(baseline, report);
    expect(comparison.regressions).toEqual([
      {
        id: 'breaks',
        baseline: { status: 'passed', score: 1 },
        current: { status: 'error', score: 0.5 },
        kind: 'status',
        scorers: ['trajectory'],
      },
      { id: 'slips', baseline: { status: 'passed', score: 0.9 }, current: { status: 'passed', score: 0.6 }, kind: 'score', scorers: [] },
    ]);
    expect(comparison.improvements).toEqual([
      {
        id: 'mends',
        baseline: { status: 'failed', score: 0 },
        current: { status: 'passed', score: 1 },
        kind: 'status',
        scorers: ['output'],
      },
    ]);
    expect(comparison.added).toEqual(['fresh']);
    expect(comparison.removed).toEqual(['gone']);
  });

  it('gives each scorer’s mean before and after, and the change where both have one', () => {
    const { scorers, score, passRate } = compareReports(baseline, report);
    expect(Object.keys(scorers)).toEqual(['output', 'trajectory', 'judge', 'cost']);
    expect(scorers['output']).toEqual({ baseline: 0.75, current: 1, delta: 0.25 });
    expect(scorers['trajectory']).toEqual({ baseline: 1, current: undefined, delta: undefined });
    expect(scorers['judge']!.delta).toBeCloseTo(-0.3, 12);
    expect(scorers['cost']).toEqual({ baseline: undefined, current: 1, delta: undefined });
    expect(score.delta).toBeCloseTo(-0.16, 12);
    expect(passRate.delta).toBeCloseTo(-0.2, 12);
  });

  it('finds nothing between a report and itself, nor in float noise of a score', () => {
    const noisy = evalReport([caseReport('a', { score: 0.1 + 0.2 })]);
    const exact = evalReport([caseReport('a', { score: 0.3 })]);
    for (const [a, b] of [
      [report, report],
      [exact, noisy],
    ] as const) {
      const comparison = compareReports(a, b);
      expect([comparison.regressions, comparison.improvements, comparison.added, comparison.removed]).toEqual([[], [], [], []]);
    }
  });
});
