import { describe, expect, it } from 'vitest';
import { defineEval } from '../define/define-eval.ts';
import { billingDesk, deskModels } from '../test-support/billing-desk.ts';
import { runEval } from '../run/run-eval.ts';
import { describeEval } from '../vitest.ts';
import { caseFailure } from './case-failure.ts';

const models = deskModels();
const target = billingDesk((n) => models[n]);
const answer = (run: { output: unknown; case: { expected?: { output?: unknown } } }) => {
  const pass = run.output === run.case.expected?.output;
  return { score: pass ? 1 : 0, pass, reason: pass ? 'as expected' : `got ${JSON.stringify(run.output)}` };
};

// The adapter itself: these cases pass, so their tests pass.
describeEval(
  defineEval({
    name: 'desk',
    target,
    scorers: { answer },
    thresholds: { passRate: 1 },
    cases: [
      { id: 'hello', input: 'Hi', expected: { output: 'Hello! You said: Hi' } },
      {
        id: 'refund',
        input: 'Refund INV-1',
        answers: { 'tool:refund:*': { approved: true } },
        expected: { output: 'Done: refunded $49 on INV-1.' },
      },
    ],
  }),
  { mode: 'live' },
);

describe('caseFailure', () => {
  it('says why a case failed, was interrupted or errored, scorer by scorer', async () => {
    const report = await runEval(
      defineEval({
        name: 'desk',
        target,
        scorers: { answer },
        cases: [
          { id: 'ok', input: 'Hi', expected: { output: 'Hello! You said: Hi' } },
          { id: 'wrong', input: 'Hi', expected: { output: 'Bye' } },
          { id: 'paused', input: 'Refund INV-1', expected: { output: 'x' } },
        ],
      }),
      { mode: 'live' },
    );
    const [ok, wrong, paused] = report.cases;
    expect(caseFailure(ok!)).toBeUndefined();
    expect(caseFailure(wrong!)).toBe(
      `case "wrong" failed (score 0.00, thread eval:desk:wrong)\n  ✗ answer 0.00: got "Hello! You said: Hi"`,
    );
    expect(caseFailure(paused!)).toBe(
      [
        'case "paused" interrupted (score 0.00, thread eval:desk:paused)',
        '  ✗ answer 0.00: got undefined',
        "  stopped at agent:Desk/agent:Billing/tool:refund:billing_6: give the case an answer for it, or expect { status: 'interrupted' }",
      ].join('\n'),
    );
  });
});
