import { describe, expect, it } from 'vitest';
import type { EvalError } from '../errors.ts';
import { contains } from './contains.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();
const answer = caseRun({ output: 'Refund of INV-1042 approved.' });

describe('contains()', () => {
  it('needs every text by default; the score is the share found', async () => {
    expect(await contains('INV-1042').score(answer, ctx)).toEqual({ score: 1, pass: true, reason: 'the output contains "INV-1042"' });
    expect(await contains(['INV-1042', 'approved']).score(answer, ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output contains all 2 texts',
    });
    expect(await contains(['INV-1042', 'refund', 'EUR']).score(answer, ctx)).toEqual({
      score: 1 / 3,
      pass: false,
      reason: 'expected the output to contain "refund", "EUR", got "Refund of INV-1042 approved."',
      details: { missing: ['refund', 'EUR'] },
    });
  });

  it('with { all: false } needs one; with { ignoreCase } folds case', async () => {
    expect(await contains(['EUR', 'approved'], { all: false }).score(answer, ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output contains "approved"',
    });
    expect(await contains(['EUR', 'USD'], { all: false }).score(answer, ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'expected the output to contain any of "EUR", "USD", got "Refund of INV-1042 approved."',
    });
    expect(await contains('REFUND OF', { ignoreCase: true }).score(answer, ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output contains "REFUND OF"',
    });
  });

  it('searches the JSON of an output that is not text, and scores 0 a run that did not end done', async () => {
    expect(await contains('"refunded":true').score(caseRun({ output: { refunded: true } }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output contains "\\"refunded\\":true"',
    });
    expect(await contains('x').score(caseRun({ status: 'interrupted' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the run ended interrupted, with no final output',
    });
  });

  it('refuses bad arguments at construction with INVALID_ARGUMENT', () => {
    const cases: [() => unknown, string][] = [
      [() => contains([]), 'contains() takes a non-empty string or a non-empty array of non-empty strings, got []'],
      [() => contains(''), 'contains() takes a non-empty string or a non-empty array of non-empty strings, got ""'],
      [() => contains(['a', 1 as never]), 'contains() takes a non-empty string or a non-empty array of non-empty strings, got ["a",1]'],
      [() => contains('a', { all: 'yes' as never }), 'contains() option all must be true or false, got "yes"'],
      [() => contains('a', null as never), 'contains() options must be an object ({ all?, ignoreCase? }), got null'],
    ];
    for (const [make, message] of cases) {
      expect(make).toThrow(expect.objectContaining({ name: 'EvalError', code: 'INVALID_ARGUMENT', message }) as EvalError);
    }
  });

  it('without texts, looks for the case’s expected output, and skips a case without one', async () => {
    const run = (expected: unknown) =>
      caseRun({
        output: 'Refund of INV-1042 approved.',
        case: { id: 'c', input: 'x', ...(expected === undefined ? {} : { expected: { output: expected } }) },
      });
    expect(await contains().score(run('INV-1042'), ctx)).toEqual({ score: 1, pass: true, reason: 'the output contains "INV-1042"' });
    expect(await contains().score(run(['INV-1042', 'denied']), ctx)).toEqual({
      score: 0.5,
      pass: false,
      reason: 'expected the output to contain "denied", got "Refund of INV-1042 approved."',
      details: { missing: ['denied'] },
    });
    expect(await contains().score(run(undefined), ctx)).toBeNull();
    await expect(async () => contains().score(run(42), ctx)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'contains() without texts needs the case’s expected.output to be a non-empty string or a non-empty array of non-empty strings, got 42',
    });
  });
});
