/** evalProgress: a bar redrawn in place on a terminal, plain lines elsewhere. */
import { describe, expect, it } from 'vitest';
import type { CaseReport } from '@weft/eval';
import { evalProgress } from './eval-progress.ts';

const report = (id: string, status: CaseReport['status']) =>
  ({ id, status, score: status === 'passed' ? 1 : 0, durationMs: 12.4 }) as CaseReport;

function drive(stderrIsTTY: boolean): string {
  let stderr = '';
  const progress = evalProgress({ stdout: () => {}, stderr: (t) => void (stderr += t), cwd: '/', env: {}, stderrIsTTY });
  progress.onProgress({ type: 'eval.start', eval: 'support', cases: 2, tries: 4 });
  progress.onProgress({ type: 'case.start', caseId: 'a', attempt: 1 });
  progress.onProgress({ type: 'case.end', report: report('a', 'passed'), attempt: 1, finished: 1, tries: 4, passed: 1 });
  progress.onProgress({ type: 'case.end', report: report('a\u001b[2J', 'failed'), attempt: 2, finished: 2, tries: 4, passed: 1 });
  progress.end();
  return stderr;
}

describe('evalProgress', () => {
  it('redraws one line with a bar and the running pass count on a terminal, and clears it at the end', () => {
    expect(drive(true).split('\r\x1b[2K')).toEqual([
      '',
      'eval support: 2 cases (4 tries) [------------------------]',
      '[######------------------] 1/4 · 1 passed · a passed',
      '[############------------] 2/4 · 1 passed · a\\x1b[2J #2 failed',
      '',
    ]);
  });

  it('writes a plain line per finished try elsewhere', () => {
    expect(drive(false)).toBe(
      'eval support: 2 cases (4 tries)\n1/4 · 1 passed · a passed (1.00, 12 ms)\n2/4 · 1 passed · a\\x1b[2J #2 failed (0.00, 12 ms)\n',
    );
  });
});
