import { describe, expect, it } from 'vitest';
import type { EvalError } from '../errors.ts';
import type { SeenInterrupt } from './scorer.ts';
import { interrupts } from './interrupts.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();
const seen = (address: string, info: unknown): SeenInterrupt => ({
  id: `${address}#0`,
  address,
  info,
  answered: true,
  answer: { approved: true },
});
const refund = seen('agent:Coordinator/agent:Billing/tool:refund:billing_16_0', { amount: 120, currency: 'EUR' });
const escalate = seen('agent:Coordinator/tool:escalate:coord_4_0', { reason: 'angry' });

describe('interrupts()', () => {
  it("checks the case's expected.interrupts by address glob and info keys; skips a case without them", async () => {
    const scorer = interrupts();
    expect(scorer.name).toBe('interrupts');
    const expected = [{ address: 'agent:Billing/tool:refund:*', info: { amount: 120 } }];
    expect(
      await scorer.score(caseRun({ case: { id: 'c1', expected: { interrupts: expected } }, interrupts: [refund, escalate] }), ctx),
    ).toEqual({
      score: 1,
      pass: true,
      reason: 'the run met the 1 interrupt expected',
      details: { expected: 1, seen: 2, matched: 1, missing: [], unexpected: ['agent:Coordinator/tool:escalate:coord_4_0'] },
    });
    expect(await scorer.score(caseRun({ interrupts: [refund] }), ctx)).toBeNull();
  });

  it('fails on an expected interrupt that did not happen, or happened with other info', async () => {
    const scorer = interrupts({ expected: [{ address: 'tool:refund:*', info: { amount: 99 } }, { address: 'tool:escalate:*' }] });
    expect(await scorer.score(caseRun({ interrupts: [refund, escalate] }), ctx)).toEqual({
      score: 1 / 2,
      pass: false,
      reason: 'no interrupt met tool:refund:* with info {"amount":99} (1 of 2 expected met)',
      details: {
        expected: 2,
        seen: 2,
        matched: 1,
        missing: ['tool:refund:* with info {"amount":99}'],
        unexpected: ['agent:Coordinator/agent:Billing/tool:refund:billing_16_0'],
      },
    });
  });

  it('pairs each expected interrupt with a distinct one: two expected need two met', async () => {
    const scorer = interrupts({ expected: [{ address: 'tool:refund:*' }, { address: 'tool:refund:*' }] });
    expect((await scorer.score(caseRun({ interrupts: [refund] }), ctx))?.reason).toBe(
      'no interrupt met tool:refund:* (1 of 2 expected met)',
    );
    expect((await scorer.score(caseRun({ interrupts: [refund, refund] }), ctx))?.pass).toBe(true);
  });

  it('with { exact: true } fails on an interrupt nobody expected', async () => {
    const scorer = interrupts({ expected: [{ address: 'tool:refund:*' }], exact: true });
    expect(await scorer.score(caseRun({ interrupts: [refund, escalate] }), ctx)).toEqual({
      score: 1 / 2,
      pass: false,
      reason: 'unexpected interrupt agent:Coordinator/tool:escalate:coord_4_0 (1 of 1 expected met)',
      details: { expected: 1, seen: 2, matched: 1, missing: [], unexpected: ['agent:Coordinator/tool:escalate:coord_4_0'] },
    });
    expect((await scorer.score(caseRun({ interrupts: [refund] }), ctx))?.reason).toBe('the run met the 1 interrupt expected and no other');
    expect((await interrupts({ expected: [], exact: true }).score(caseRun(), ctx))?.score).toBe(1);
  });

  it('refuses bad options at construction with INVALID_ARGUMENT', () => {
    const bad: [unknown, string][] = [
      [{ exact: 'yes' }, 'interrupts(): exact must be true or false, got "yes"'],
      [
        { expected: [{ address: '' }] },
        'interrupts(): expected[0] must be { address, info? } with a non-empty address glob, got {"address":""}',
      ],
      [{ expected: [{ address: 'a', info: 3 }] }, 'interrupts(): expected[0].info must be an object of the info keys to check, got 3'],
      [{ expected: 'a' }, 'interrupts(): expected must be an array of { address, info? }, got "a"'],
    ];
    for (const [options, message] of bad) {
      expect(() => interrupts(options as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message }) as EvalError);
    }
  });
});
