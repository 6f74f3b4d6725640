import { describe, expect, it } from 'vitest';
import { billingDesk, deskModels } from '../test-support/billing-desk.ts';
import { defineEval, isEvalDefinition } from './define-eval.ts';

const models = deskModels();
const target = billingDesk((n) => models[n]);
const ok = { score: 1, pass: true, reason: 'ok' };

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    return { code: (err as { code: string }).code, message: (err as Error).message };
  }
  throw new Error('expected a refusal');
}

describe('defineEval', () => {
  it('returns a frozen definition with its scorers named by their keys', () => {
    const ev = defineEval({
      name: 'desk',
      target,
      cases: [{ id: 'a', input: 'hi' }],
      scorers: { mine: () => ok },
      thresholds: { passRate: 1 },
    });
    expect(isEvalDefinition(ev)).toBe(true);
    expect(Object.isFrozen(ev)).toBe(true);
    expect(ev.scorers.map((s) => s.name)).toEqual(['mine']);
    expect(ev.thresholds).toEqual({ passRate: 1 });
  });

  it('refuses, at definition, an expected tool, agent or transfer the compiled graph cannot produce — every one at once', () => {
    const err = refusal(() =>
      defineEval({
        name: 'desk',
        target,
        cases: [
          {
            id: 'good',
            input: 'x',
            expected: {
              trajectory: [
                { transfer: 'Billing', from: 'Desk' },
                { tool: 'refund', agent: 'Billing' },
              ],
            },
          },
          { id: 'typo', input: 'x', expected: { trajectory: [{ tool: 'refnd' }] } },
          { id: 'wrong-agent', input: 'x', expected: { trajectory: [{ tool: 'refund', agent: 'Desk' }, { transfer: 'Legal' }] } },
          { id: 'back', input: 'x', expected: { trajectory: [{ transfer: 'Desk', from: 'Billing' }] } },
        ],
        scorers: {},
      }),
    );
    expect(err.code).toBe('TRAJECTORY_UNREACHABLE');
    expect(err.message).toBe(
      [
        'eval "desk": the compiled graph cannot produce these expected steps:',
        'case "typo": step 1: no agent has a tool "refnd" (tools: transfer_to_agent, lookup_invoice, refund)',
        'case "wrong-agent": step 1: agent "Desk" has no tool "refund" (its tools: transfer_to_agent)',
        'case "wrong-agent": step 2: cannot transfer to "Legal": the graph has no such agent (agents: Desk, Billing)',
        'case "back": step 1: agent "Billing" cannot transfer to "Desk" (it can transfer to: none)',
      ].join('\n'),
    );
  });

  it('reports every case problem with its field, and duplicate ids', () => {
    const err = refusal(() =>
      defineEval({
        name: 'desk',
        target,
        cases: [
          { id: 'a', input: 'x', budget: { steps: 0 }, expected: { status: 'finished' as 'done' } },
          { id: 'a', turns: [] },
          { id: 'b/c', input: 'x', expect: {} } as never,
        ],
        scorers: {},
      }),
    );
    expect(err.code).toBe('INVALID_CASE');
    expect(err.message.split('\n')).toEqual([
      'eval "desk" has 6 case problem(s):',
      'case 1 ("a"): budget.steps: must be a positive number',
      'case 1 ("a"): expected.status: must be "done", "interrupted" or "error"',
      'case 2 ("a"): turns: must be a non-empty list of inputs',
      'case 2 ("a"): id: "a" is also the id of case 1; ids name threads and cassettes, so they must be unique',
      'case 3 ("b/c"): expect: is not a case field (fields: id, input, turns, sessionValues, answers, expected, budget, tags)',
      'case 3 ("b/c"): id: may hold only letters, digits and . _ : @ - (it names the case’s cassette file)',
    ]);
  });

  it('refuses scorers that are not functions and thresholds that name no scorer or are not ratios', () => {
    expect(refusal(() => defineEval({ name: 'd', target, cases: [{ id: 'a', input: 'x' }], scorers: { bad: 3 as never } }))).toEqual({
      code: 'INVALID_EVAL',
      message: 'eval "d": scorer "bad" must be a function or a scorer ({ name, score })',
    });
    expect(
      refusal(() =>
        defineEval({ name: 'd', target, cases: [{ id: 'a', input: 'x' }], scorers: { s: () => ok }, thresholds: { scorers: { t: 0.5 } } }),
      ),
    ).toEqual({ code: 'INVALID_EVAL', message: 'eval "d": threshold for scorer "t", which the eval does not have (scorers: s)' });
    expect(
      refusal(() => defineEval({ name: 'd', target, cases: [{ id: 'a', input: 'x' }], scorers: {}, thresholds: { score: 2 } })),
    ).toEqual({
      code: 'INVALID_EVAL',
      message: 'eval "d": threshold score must be a number from 0 to 1, got 2',
    });
    expect(
      refusal(() =>
        defineEval({ name: 'd', target: 42 as never, cases: [{ id: 'a', input: 'x', expected: { trajectory: [] } }], scorers: {} }),
      ).code,
    ).toBe('INVALID_EVAL');
  });
});
