import { describe, expect, it } from 'vitest';
import type { EvalError } from '../errors.ts';
import { numeric } from './numeric.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();

describe('numeric()', () => {
  it("compares with the case's expected.output within an absolute tolerance; skips a case without one", async () => {
    const scorer = numeric({ tolerance: 0.01 });
    const expecting = (output: unknown) => ({ id: 'c1', expected: { output } });
    expect(await scorer.score(caseRun({ case: expecting(1250.5), output: 'The total is 1,250.505 EUR.' }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output 1250.505 is 1250.5 (within ±0.01)',
    });
    expect(await scorer.score(caseRun({ case: expecting('7'), output: 7.2 }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'expected 7 (within ±0.01), got 7.2 (off by 0.20000000000000018)',
      details: { expected: 7, got: 7.2, off: 0.20000000000000018 },
    });
    expect(await scorer.score(caseRun({ output: 7 }), ctx)).toBeNull();
  });

  it('takes an explicit expected number and a relative tolerance', async () => {
    const scorer = numeric(200, { tolerance: 0.05, relative: true });
    expect(await scorer.score(caseRun({ output: '-209' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'expected 200 (within 5 %), got -209 (off by 409)',
      details: { expected: 200, got: -209, off: 409 },
    });
    expect(await scorer.score(caseRun({ output: '209' }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output 209 is 200 (within 5 %)',
    });
    expect(await numeric(3).score(caseRun({ output: 3 }), ctx)).toEqual({ score: 1, pass: true, reason: 'the output 3 is 3' });
  });

  it('fails an output with no number, several numbers, or another kind of value, saying which', async () => {
    const scorer = numeric(1042);
    const reasons = await Promise.all(
      ['no idea', 'INV-1042 costs 12.50', { total: 1042 }, Number.NaN].map(
        async (output) => (await scorer.score(caseRun({ output }), ctx))?.reason,
      ),
    );
    expect(reasons).toEqual([
      'expected 1042, got "no idea", which holds no number',
      'expected 1042, got "INV-1042 costs 12.50", which holds 2 numbers (1042, 12.50), not one',
      'expected 1042, got {"total":1042}, which is not a number',
      'expected 1042, got NaN, which is not a finite number',
    ]);
    expect(await scorer.score(caseRun({ status: 'interrupted' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the run ended interrupted, with no final output',
    });
  });

  it('refuses bad options at construction, and a case whose expected output is not a number when scoring', async () => {
    const bad: [() => unknown, string][] = [
      [() => numeric({ tolerance: -1 }), 'numeric() option tolerance must be a finite number of 0 or more, got -1'],
      [() => numeric(1, { relative: 1 as never }), 'numeric() option relative must be true or false, got 1'],
      [() => numeric(Number.POSITIVE_INFINITY), 'numeric() takes a finite expected number, got Infinity'],
    ];
    for (const [make, message] of bad) expect(make).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message }) as EvalError);
    const run = caseRun({ case: { id: 'total', expected: { output: 'about ten' } }, output: 10 });
    expect(() => numeric().score(run, ctx)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message:
          'numeric(): case "total" expects the output "about ten", which is not a number; give the case a number as expected.output, or numeric(expected) one',
      }) as EvalError,
    );
  });
});
