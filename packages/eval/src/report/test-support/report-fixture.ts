import type { CaseReport, EvalReport } from '../eval-report.ts';

/** A case report with the fields a report reader needs; `overrides` sets the ones a test looks at. */
export function caseReport(id: string, overrides: Partial<CaseReport> = {}): CaseReport {
  return {
    id,
    tags: [],
    status: 'passed',
    score: 1,
    scorers: { output: { kind: 'scored', score: 1, pass: true, reason: 'the output matches' } },
    threadId: `eval-${id}`,
    checkpointId: undefined,
    runStatus: 'done',
    output: 'done',
    trajectory: [],
    path: { nodes: [], edges: [] },
    interrupts: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, modelCalls: 1, steps: 2, durationMs: 10 },
    durationMs: 1250,
    ...overrides,
  };
}

/** A version-1 report of the eval `support` over `cases`, with a summary of one passed case unless overridden. */
export function evalReport(cases: CaseReport[], overrides: Partial<EvalReport> = {}): EvalReport {
  return {
    version: 1,
    eval: 'support',
    target: 'Coordinator',
    mode: 'replay',
    repeat: 1,
    startedAt: '2026-01-02T03:04:05.000Z',
    durationMs: 2500,
    summary: {
      cases: cases.length,
      passed: cases.filter((c) => c.status === 'passed').length,
      failed: cases.filter((c) => c.status === 'failed').length,
      errored: cases.filter((c) => c.status === 'error').length,
      interrupted: cases.filter((c) => c.status === 'interrupted').length,
      passRate: cases.length ? cases.filter((c) => c.status === 'passed').length / cases.length : 0,
      score: cases.length ? cases.reduce((sum, c) => sum + c.score, 0) / cases.length : 0,
      meanScores: { output: 1 },
      coverage: {
        nodes: { covered: 3, total: 4, ratio: 0.75, missed: ['Billing:tools'] },
        edges: { covered: 3, total: 5, ratio: 0.6, missed: ['Billing -> Billing:tools', 'Billing:tools -> Billing'] },
      },
    },
    thresholds: [],
    pass: true,
    cases,
    graph: { name: 'Coordinator', hash: 'h', nodes: [], edges: [] },
    ...overrides,
  };
}
