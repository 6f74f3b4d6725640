/** readReport: a report read back whole, or INVALID_REPORT saying what is wrong and where. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport } from './read-report.ts';
import { caseReport, evalReport } from './test-support/report-fixture.ts';

const HINT = 'pass a report `weft eval --out <file>` or `--json` wrote';

function refusal(source: string | { file: string }): { code: unknown; message: string } {
  try {
    readReport(source);
  } catch (err) {
    return { code: (err as { code?: unknown }).code, message: (err as Error).message };
  }
  throw new Error('readReport accepted it');
}

describe('readReport', () => {
  const report = evalReport([caseReport('a'), caseReport('b', { status: 'failed', score: 0 })]);

  it('reads a report from its JSON text and from a file, unchanged', () => {
    const text = JSON.stringify(report);
    expect(readReport(text)).toEqual(report);
    const file = join(mkdtempSync(join(tmpdir(), 'weft-report-')), 'baseline.json');
    writeFileSync(file, text);
    expect(readReport({ file })).toEqual(report);
  });

  it('refuses text that is not JSON, a file it cannot read, and JSON that is no object', () => {
    const notJson = refusal('{"version": 1,');
    expect(notJson.code).toBe('INVALID_REPORT');
    expect(notJson.message).toMatch(/^the report is not JSON \(.+\); pass the file `weft eval --out <file>` or `--json` wrote$/);
    const missing = refusal({ file: '/nonexistent/baseline.json' });
    expect(missing.code).toBe('INVALID_REPORT');
    expect(missing.message).toMatch(/^cannot read the report \/nonexistent\/baseline\.json: ENOENT.*; check the path$/);
    expect(refusal('[1,2]')).toEqual({
      code: 'INVALID_REPORT',
      message: `the report is not an eval report: it is a list, not an object; ${HINT}`,
    });
  });

  it('refuses a report of another version, saying which it reads', () => {
    expect(refusal(JSON.stringify({ ...report, version: 2 }))).toEqual({
      code: 'INVALID_REPORT',
      message:
        'the report is an eval report of version 2; this @weft/eval reads version 1; write the report again with this version of weft eval',
    });
    expect(refusal('{}').message).toMatch(/^the report is an eval report of version undefined;/);
  });

  it('names the first missing or mistyped field, with its path', () => {
    const broken = (change: (r: Record<string, unknown>) => void): string => {
      const copy = JSON.parse(JSON.stringify(report)) as Record<string, unknown>;
      change(copy);
      return refusal(JSON.stringify(copy)).message.replace(`; ${HINT}`, '');
    };
    const cases = (r: Record<string, unknown>) => r['cases'] as Record<string, unknown>[];
    expect(broken((r) => delete r['eval'])).toBe('the report is not an eval report: eval is missing, expected a string');
    expect(broken((r) => (r['summary'] = null))).toBe('the report is not an eval report: summary is null, expected an object');
    expect(broken((r) => ((r['summary'] as Record<string, unknown>)['passRate'] = '50%'))).toBe(
      'the report is not an eval report: summary.passRate is "50%", expected a number',
    );
    expect(broken((r) => (r['thresholds'] = [{ metric: 'score', min: 0.5, actual: 0.4 }]))).toBe(
      'the report is not an eval report: thresholds[0].pass is missing, expected a boolean',
    );
    expect(broken((r) => (cases(r)[1]!['status'] = 'flaky'))).toBe(
      'the report is not an eval report: cases[1].status is "flaky", expected one of passed, failed, error, interrupted',
    );
    expect(broken((r) => (cases(r)[0]!['scorers'] = { output: { kind: 'scored', score: 1 } }))).toBe(
      'the report is not an eval report: cases[0].scorers.output has no number score and boolean pass',
    );
    expect(broken((r) => (r['cases'] = 3))).toBe('the report is not an eval report: cases is 3, expected a list');
  });
});
