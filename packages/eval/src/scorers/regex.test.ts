import { describe, expect, it } from 'vitest';
import type { EvalError } from '../errors.ts';
import { regex } from './regex.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();

describe('regex()', () => {
  it('tests the output, naming what matched or what was there', async () => {
    const run = caseRun({ output: 'Refund of INV-1042 approved.' });
    expect(await regex(/INV-\d{4}/).score(run, ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output matches /INV-\\d{4}/ at "INV-1042"',
    });
    expect(await regex('^approved').score(run, ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'expected the output to match /^approved/, got "Refund of INV-1042 approved."',
    });
    expect(await regex(/"days":\[1/).score(caseRun({ output: { days: [1] } }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output matches /"days":\\[1/ at "\\"days\\":[1"',
    });
  });

  it('gives the same verdict on every case with a global RegExp (no lastIndex carried over)', async () => {
    const scorer = regex(/ok/g);
    const verdicts = await Promise.all([1, 2, 3].map(async () => (await scorer.score(caseRun({ output: 'ok' }), ctx))?.pass));
    expect(verdicts).toEqual([true, true, true]);
  });

  it('scores 0 a run that did not end done, and refuses a bad pattern at construction', async () => {
    expect(await regex(/x/).score(caseRun({ status: 'error' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the run ended with an error, with no final output',
    });
    expect(() => regex('(')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'regex(): "(" is not a valid regular expression: Invalid regular expression: /(/: Unterminated group',
      }) as EvalError,
    );
    expect(() => regex(3 as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'regex() takes a RegExp or a non-empty pattern string, got 3',
      }) as EvalError,
    );
  });
});
