/** formatReportTable: the cases table, the reasons, the summary lines, and the comparison with a baseline. */
import { describe, expect, it } from 'vitest';
import { formatReportTable } from './format-report-table.ts';
import { caseReport, evalReport } from './test-support/report-fixture.ts';

describe('formatReportTable', () => {
  const cases = [
    caseReport('refund-approved'),
    caseReport('refund-denied', {
      status: 'failed',
      score: 0.5,
      scorers: {
        output: { kind: 'scored', score: 1, pass: true, reason: 'matches' },
        trajectory: { kind: 'scored', score: 0, pass: false, reason: 'expected refund, got lookup_invoice' },
      },
    }),
    caseReport('approval', {
      status: 'interrupted',
      score: 0,
      scorers: { judge: { kind: 'error', message: 'no cassette' } },
      interrupts: [{ id: 'a#0', address: 'agent:Billing/tool:refund:x', info: {}, answered: false }],
    }),
  ];
  const report = evalReport(cases, {
    thresholds: [
      { metric: 'score', min: 0.5, actual: 0.5, pass: true },
      { metric: 'passRate', min: 0.9, actual: 1 / 3, pass: false },
    ],
    pass: false,
  });
  report.summary.meanScores = { output: 1, trajectory: 0.5 };
  report.summary.coverage.edges.missed = ['a -> b', 'b -> c', 'c -> d', 'd -> e', 'e -> f'];

  it('prints the cases, why the failing ones failed, the counts, means, coverage and thresholds', () => {
    expect(formatReportTable(report)).toBe(
      [
        'case             status       score  failing',
        'refund-approved  passed        1.00',
        'refund-denied    failed        0.50  trajectory',
        'approval         interrupted   0.00  judge (error)',
        '',
        '  refund-denied › trajectory: expected refund, got lookup_invoice',
        '  approval › judge threw: no cassette',
        '  approval › no answer for the interrupt agent:Billing/tool:refund:x',
        '',
        '3 cases: 1 passed, 1 failed, 0 errored, 1 interrupted · pass rate 33% · mean score 0.50',
        'scorers: output 1.00 · trajectory 0.50',
        'coverage: nodes 3/4 (75%), missed Billing:tools · edges 3/5 (60%), missed a -> b, b -> c, c -> d and 2 more',
        'thresholds: ✓ score 0.50 ≥ 0.50 · ✗ passRate 0.33 < 0.90',
        '',
      ].join('\n'),
    );
  });

  it('adds the regressions, improvements, new and removed cases against a baseline', () => {
    const baseline = evalReport([caseReport('refund-approved', { score: 1 }), caseReport('refund-denied'), caseReport('old')]);
    baseline.summary.meanScores = { output: 1, trajectory: 1 };
    const text = formatReportTable(report, { baseline });
    expect(text.split('\n').slice(-6)).toEqual([
      'thresholds: ✓ score 0.50 ≥ 0.50 · ✗ passRate 0.33 < 0.90',
      'vs baseline: 1 regression, 0 improvements, 1 new, 1 removed · trajectory -0.50',
      '  regressed: refund-denied passed 1.00 → failed 0.50',
      '  new: approval',
      '  removed: old',
      '',
    ]);
  });

  it('shows repeats, and escapes control characters so a row stays one line', () => {
    const repeated = evalReport(
      [
        caseReport('multi\nline\u001b[2J', {
          repeats: { k: 3, passes: 2, passAtK: 1, passHatK: 0, statuses: ['passed', 'failed', 'passed'] },
        }),
      ],
      { repeat: 3 },
    );
    repeated.summary.passAtK = 1;
    repeated.summary.passHatK = 0;
    const lines = formatReportTable(repeated).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'case                  status               score  failing',
      'multi\\nline\\u001b[2J  passed (2/3 passed)   1.00',
    ]);
    expect(lines).toContain('repeats: 3 · pass@3 1.00 · pass^3 0.00');
  });
});
