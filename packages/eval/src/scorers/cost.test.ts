import { describe, expect, it } from 'vitest';
import type { EvalError } from '../errors.ts';
import { cost } from './cost.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();
const usage = { inputTokens: 1500, outputTokens: 500, totalTokens: 2000, modelCalls: 4, steps: 9, durationMs: 1200 };

describe('cost()', () => {
  it("checks the case's budget, listing each limit; skips a case without one", async () => {
    const scorer = cost();
    expect(scorer.name).toBe('cost');
    expect(await scorer.score(caseRun({ case: { id: 'c1', budget: { tokens: 2000, modelCalls: 5 } }, usage }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'within budget: 2000 of 2000 tokens, 4 of 5 model calls',
      details: {
        limits: [
          { limit: 'tokens', max: 2000, actual: 2000, within: true },
          { limit: 'modelCalls', max: 5, actual: 4, within: true },
        ],
      },
    });
    expect(await scorer.score(caseRun({ usage }), ctx)).toBeNull();
    expect(await scorer.score(caseRun({ case: { id: 'c1', budget: {} }, usage }), ctx)).toBeNull();
  });

  it('scores the smallest limit ÷ actual over the limits passed', async () => {
    const scorer = cost({ budget: { steps: 10, tokens: 1000, modelCalls: 2, wallMs: 1000 } });
    expect(await scorer.score(caseRun({ usage }), ctx)).toEqual({
      score: 0.5,
      pass: false,
      reason: 'over budget: 2000 of 1000 tokens, 4 of 2 model calls, 1200 of 1000 ms',
      details: {
        limits: [
          { limit: 'steps', max: 10, actual: 9, within: true },
          { limit: 'tokens', max: 1000, actual: 2000, within: false },
          { limit: 'modelCalls', max: 2, actual: 4, within: false },
          { limit: 'wallMs', max: 1000, actual: 1200, within: false },
        ],
      },
    });
    expect((await cost({ budget: { modelCalls: 0 } }).score(caseRun({ usage }), ctx))?.score).toBe(0);
  });

  it('refuses a bad budget at construction with INVALID_ARGUMENT', () => {
    const bad: [unknown, string][] = [
      [{ budget: { tokens: -1 } }, 'cost(): budget.tokens must be a finite number of 0 or more, got -1'],
      [{ budget: { dollars: 1 } }, 'cost(): budget has an unknown limit dollars (limits: steps, tokens, modelCalls, wallMs)'],
      [{ budget: 5 }, 'cost(): budget must be an object ({ steps?, tokens?, modelCalls?, wallMs? }), got 5'],
    ];
    for (const [options, message] of bad) {
      expect(() => cost(options as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message }) as EvalError);
    }
  });
});
