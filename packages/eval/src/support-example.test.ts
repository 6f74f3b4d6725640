/**
 * The support example's eval (docs/examples/support/support.eval.ts), as CI
 * runs it: every case replayed from its committed cassette, offline.
 */
import { describe, expect, it } from 'vitest';
import type { ChatModel } from '@weft/chat-model';
import { supportEval } from '../../../docs/examples/support/support.eval.ts';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { defineEval } from './define/define-eval.ts';
import type { EvalCase } from './define/eval-case.ts';
import type { EvalDefinition, EvalDefinitionInput } from './define/eval-definition.ts';
import { runEval } from './run/run-eval.ts';

const CASES = [
  ['greeting', 'done'],
  ['off-topic', 'done'],
  ['database-slow', 'done'],
  ['network-unreachable', 'done'],
  ['network-needs-host', 'done'],
  ['refund-approved', 'done'],
  ['refund-rejected', 'done'],
  ['refund-awaits-approval', 'interrupted'],
  ['charged-once', 'done'],
  ['unknown-invoice', 'done'],
  ['invoice-follow-up', 'done'],
  ['password-reset', 'done'],
  ['password-needs-email', 'done'],
  ['reset-and-invoice', 'done'],
  ['demo', 'done'],
] as const;

/** The definition's input again, with some fields replaced. */
function redefined(definition: EvalDefinition, changes: Partial<EvalDefinitionInput>): EvalDefinition {
  const { name, target, cases, thresholds, sessionValues, answers, cassettes } = definition;
  const scorers = Object.fromEntries(definition.scorers.map((s) => [s.name, s]));
  return defineEval({ name, target, cases, scorers, thresholds, sessionValues, answers, ...(cassettes ? { cassettes } : {}), ...changes });
}

/** A model for an agent that must not be called: replaying, every answer comes from the cassette. */
function untouchable(name: string, calls: string[]): ChatModel {
  const refuse = (): never => {
    calls.push(name);
    throw new Error(`the live ${name} model was called`);
  };
  return { name: `live:${name}`, generate: refuse, stream: refuse };
}

describe('the support example eval', () => {
  it('replays every case from its cassette: all pass, every node is covered', async () => {
    const report = await runEval(supportEval, { file: 'docs/examples/support/support.eval.ts' });
    expect(report.mode).toBe('replay');
    expect(report.cases.map((c) => [c.id, c.status, c.runStatus])).toEqual(CASES.map(([id, run]) => [id, 'passed', run]));
    expect(report.summary).toMatchObject({
      cases: 15,
      passed: 15,
      failed: 0,
      errored: 0,
      interrupted: 0,
      passRate: 1,
      score: 1,
      meanScores: { route: 1, tools: 1, answer: 1, approval: 1, cost: 1, refundAnswer: 1 },
    });
    expect(report.summary.coverage.nodes).toEqual({ covered: 13, total: 13, ratio: 1, missed: [] });
    // Only the ways out of a run (to __end__ other than through the coordinator, a transfer back into
    // Tech from its own tools) stay unreached: every agent's call, tool and transfer edge is taken.
    expect(report.summary.coverage.edges).toMatchObject({ covered: 23, total: 36 });
    expect(report.thresholds).toEqual([{ metric: 'passRate', min: 1, actual: 1, pass: true }]);
    expect(report.pass).toBe(true);
    // The judge graded the billing answers that ended, by the cassette's recorded verdicts.
    const judged = report.cases.filter((c) => c.scorers['refundAnswer']?.kind === 'scored').map((c) => c.id);
    expect(judged).toEqual([
      'refund-approved',
      'refund-rejected',
      'charged-once',
      'unknown-invoice',
      'invoice-follow-up',
      'reset-and-invoice',
      'demo',
    ]);
    expect(report.cases.find((c) => c.id === 'refund-rejected')?.scorers['refundAnswer']).toMatchObject({
      score: 1,
      pass: true,
      reason: 'The answer says no refund was made, and does not claim a refund.',
    });
  });

  it('never calls a live model when replaying', async () => {
    const calls: string[] = [];
    const offline = redefined(supportEval, {
      target: ({ model }) => supportAgent((name) => model(untouchable(name, calls), { name })),
    });
    const report = await runEval(offline);
    expect(calls).toEqual([]);
    expect(report.summary).toMatchObject({ cases: 15, passed: 15 });
  });

  it('fails exactly the case whose expected answer no longer holds', async () => {
    const cases = supportEval.cases.map((c): EvalCase =>
      c.id === 'charged-once' ? { ...c, expected: { ...c.expected, output: 'INV-1043 was refunded.' } } : c,
    );
    const report = await runEval(redefined(supportEval, { cases }));
    expect(report.cases.filter((c) => c.status !== 'passed').map((c) => [c.id, c.status])).toEqual([['charged-once', 'failed']]);
    expect(report.cases.find((c) => c.id === 'charged-once')?.scorers['answer']).toEqual({
      kind: 'scored',
      score: 0,
      pass: false,
      reason:
        'expected "INV-1043 was refunded.", got "INV-1043 was charged only once, in April, so there is nothing to refund (Billing)." (they differ from character 14)',
    });
    expect(report.summary).toMatchObject({ cases: 15, passed: 14, failed: 1, passRate: 14 / 15 });
    expect(report.thresholds).toEqual([{ metric: 'passRate', min: 1, actual: 14 / 15, pass: false }]);
    expect(report.pass).toBe(false);
  });
});
