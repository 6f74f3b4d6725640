import type { CaseReport } from '../report/eval-report.ts';

/**
 * Why a case did not pass, as a test failure reads: its status, the error
 * that ended it, and each failed or broken scorer with its reason. Undefined
 * for a passed case.
 *
 * @example
 * const why = caseFailure(report.cases[0]);
 * if (why) throw new Error(why);
 */
export function caseFailure(report: CaseReport): string | undefined {
  if (report.status === 'passed') return undefined;
  const lines = [`case "${report.id}" ${report.status} (score ${report.score.toFixed(2)}, thread ${report.threadId})`];
  if (report.error) lines.push(`  ${report.error.code}: ${report.error.message}`);
  for (const [name, outcome] of Object.entries(report.scorers)) {
    if (outcome.kind === 'scored' && !outcome.pass) lines.push(`  ✗ ${name} ${outcome.score.toFixed(2)}: ${outcome.reason}`);
    if (outcome.kind === 'error') lines.push(`  ! ${name} threw: ${outcome.message}`);
  }
  if (report.status === 'interrupted')
    lines.push(
      `  stopped at ${report.interrupts
        .filter((i) => !i.answered)
        .map((i) => i.address)
        .join(', ')}: give the case an answer for it, or expect { status: 'interrupted' }`,
    );
  return lines.join('\n');
}
