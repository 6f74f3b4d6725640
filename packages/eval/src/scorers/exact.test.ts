import { describe, expect, it } from 'vitest';
import { exact } from './exact.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();

describe('exact()', () => {
  it("compares with the case's expected.output, and skips a case without one", async () => {
    const scorer = exact();
    expect(scorer.name).toBe('exact');
    expect(await scorer.score(caseRun({ case: { id: 'c1', expected: { output: 'Paris' } }, output: 'Paris' }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output is "Paris"',
    });
    expect(await scorer.score(caseRun({ case: { id: 'c1', expected: { output: 'Paris' } }, output: 'Paris.' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'expected "Paris", got "Paris." (they differ from character 6)',
    });
    expect(await scorer.score(caseRun({ case: { id: 'c1', expected: {} }, output: 'Paris' }), ctx)).toBeNull();
    expect(await scorer.score(caseRun({ output: 'Paris' }), ctx)).toBeNull();
  });

  it('uses an explicit expected value over the case, even undefined or null', async () => {
    const run = caseRun({ case: { id: 'c1', expected: { output: 'Paris' } }, output: 'Oslo' });
    expect(await exact('Oslo').score(run, ctx)).toEqual({ score: 1, pass: true, reason: 'the output is "Oslo"' });
    expect(await exact(null).score(run, ctx)).toEqual({ score: 0, pass: false, reason: 'expected null, got "Oslo"' });
  });

  it('compares objects deeply, parsing an output that is JSON text', async () => {
    const expected = { city: 'Oslo', days: [1, 2] };
    expect(await exact(expected).score(caseRun({ output: '{"city":"Oslo","days":[1,2]}' }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output is {"city":"Oslo","days":[1,2]}',
    });
    expect(await exact(expected).score(caseRun({ output: { city: 'Oslo', days: [1, 3] } }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'expected {"city":"Oslo","days":[1,2]}, got {"city":"Oslo","days":[1,3]}',
    });
    // A string expected is compared with the text as it is: "42" is not 42.
    expect(await exact('42').score(caseRun({ output: 42 }), ctx)).toEqual({ score: 0, pass: false, reason: 'expected "42", got 42' });
    expect(await exact(42).score(caseRun({ output: '42' }), ctx)).toEqual({ score: 1, pass: true, reason: 'the output is 42' });
  });

  it('scores 0 a run that did not end done, saying how it ended', async () => {
    const expected = { output: 'Paris' };
    expect(await exact().score(caseRun({ case: { id: 'c1', expected }, status: 'interrupted' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the run ended interrupted, with no final output',
    });
    const error = { code: 'CASSETTE_MISMATCH', message: 'no recorded answer for call 2' };
    expect(await exact().score(caseRun({ case: { id: 'c1', expected }, status: 'error', error }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the run ended with an error, with no final output: CASSETTE_MISMATCH: no recorded answer for call 2',
    });
  });

  it('cuts long values in the reason', async () => {
    const long = 'x'.repeat(200);
    const result = await exact(long).score(caseRun({ output: `${long}y` }), ctx);
    expect(result?.reason).toBe(`expected "${'x'.repeat(118)}…, got "${'x'.repeat(118)}… (they differ from character 201)`);
  });
});
