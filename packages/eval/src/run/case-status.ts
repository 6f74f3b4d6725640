import type { ExpectedStatus } from '../define/eval-case.ts';
import type { CaseStatus, ScorerOutcome } from '../report/eval-report.ts';

/** What decides a case's status. */
export interface StatusInput {
  runStatus: ExpectedStatus;
  runError: { code: string; message: string } | undefined;
  expected: ExpectedStatus | undefined;
  scorers: Record<string, ScorerOutcome>;
}

/**
 * A case's status and, when it is not passed for a reason no scorer gives,
 * why. In order: a run that failed when the case did not expect it, or a
 * scorer that threw, is `error`; an expected end not met is `failed`; an
 * unexpected stop at an interrupt is `interrupted`; a failed scorer is
 * `failed`; otherwise `passed`.
 *
 * @example
 * caseStatus({ runStatus: 'interrupted', runError: undefined, expected: 'interrupted', scorers: {} }); // { status: 'passed' }
 */
export function caseStatus(input: StatusInput): { status: CaseStatus; error?: { code: string; message: string } } {
  const { runStatus, runError, expected, scorers } = input;
  if (runStatus === 'error' && expected !== 'error') return { status: 'error', ...(runError ? { error: runError } : {}) };
  const broken = Object.entries(scorers).find(([, o]) => o.kind === 'error');
  if (broken) {
    const [name, outcome] = broken;
    return {
      status: 'error',
      error: { code: 'SCORER_FAILED', message: `scorer "${name}" threw: ${outcome.kind === 'error' ? outcome.message : ''}` },
    };
  }
  if (expected !== undefined && expected !== runStatus)
    return { status: 'failed', error: { code: 'STATUS_MISMATCH', message: `expected the run to end ${expected}, it ended ${runStatus}` } };
  if (runStatus === 'interrupted' && expected !== 'interrupted') return { status: 'interrupted' };
  const failed = Object.values(scorers).some((o) => o.kind === 'scored' && !o.pass);
  return { status: failed ? 'failed' : 'passed' };
}
