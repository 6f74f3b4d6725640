import { beforeEach, describe, expect, it } from 'vitest';
import { defineEval } from '../define/define-eval.ts';
import type { ScorerFn } from '../scorers/scorer.ts';
import { billingDesk, deskModels, refunds } from '../test-support/billing-desk.ts';
import type { EvalProgress } from './run-eval-options.ts';
import { runEval } from './run-eval.ts';

const answer: ScorerFn = (run) => {
  const expected = run.case.expected?.output;
  if (expected === undefined) return null;
  const pass = run.output === expected;
  return {
    score: pass ? 1 : 0,
    pass,
    reason: pass ? 'the answer is as expected' : `expected ${JSON.stringify(expected)}, got ${JSON.stringify(run.output)}`,
  };
};

const models = deskModels();
const target = billingDesk((n) => models[n]);
const approve = { 'agent:Billing/tool:refund:*': { approved: true } };

const deskEval = defineEval({
  name: 'desk',
  target,
  scorers: { answer },
  cases: [
    { id: 'hello', input: 'Hi there', expected: { output: 'Hello! You said: Hi there' }, tags: ['greeting'] },
    {
      id: 'refund-approved',
      input: 'Please refund INV-1',
      answers: approve,
      expected: { output: 'Done: refunded $49 on INV-1.' },
      tags: ['billing'],
    },
    {
      id: 'refund-rejected',
      input: 'Please refund INV-1',
      answers: { 'tool:refund:*': { approved: false, reason: 'not charged twice' } },
      expected: { output: 'Invoice INV-1 looks fine; no refund made.' },
      tags: ['billing'],
    },
    { id: 'refund-unanswered', input: 'Please refund INV-1', tags: ['billing'] },
    { id: 'refund-must-pause', input: 'Please refund INV-1', expected: { status: 'interrupted' }, tags: ['billing'] },
    { id: 'wrong-answer', input: 'Hi', expected: { output: 'Goodbye' } },
    { id: 'two-turns', turns: ['Hi', 'What about INV-2?'], expected: { output: 'Invoice INV-2 looks fine; no refund made.' } },
  ],
});

beforeEach(() => {
  refunds.length = 0;
});

describe('runEval', () => {
  it('runs each case on its own thread, answers interrupts by address glob, and reports every case in order', async () => {
    const progress: EvalProgress[] = [];
    const report = await runEval(deskEval, { mode: 'live', concurrency: 3, onProgress: (p) => progress.push(p) });
    expect(report.cases.map((c) => [c.id, c.status, c.runStatus, c.output])).toEqual([
      ['hello', 'passed', 'done', 'Hello! You said: Hi there'],
      ['refund-approved', 'passed', 'done', 'Done: refunded $49 on INV-1.'],
      ['refund-rejected', 'passed', 'done', 'Invoice INV-1 looks fine; no refund made.'],
      ['refund-unanswered', 'interrupted', 'interrupted', undefined],
      ['refund-must-pause', 'passed', 'interrupted', undefined],
      ['wrong-answer', 'failed', 'done', 'Hello! You said: Hi'],
      ['two-turns', 'passed', 'done', 'Invoice INV-2 looks fine; no refund made.'],
    ]);
    // The one approved refund ran once; the rejected and unanswered ones never ran.
    expect(refunds).toEqual([{ invoice_id: 'INV-1', amount: 49 }]);
    expect(report.cases[5]?.scorers).toEqual({
      answer: { kind: 'scored', score: 0, pass: false, reason: 'expected "Goodbye", got "Hello! You said: Hi"' },
    });
    expect(report.cases[3]?.scorers).toEqual({ answer: { kind: 'skipped' } });
    expect(report.summary).toMatchObject({
      cases: 7,
      passed: 5,
      failed: 1,
      errored: 0,
      interrupted: 1,
      passRate: 5 / 7,
      meanScores: { answer: 4 / 5 },
    });
    expect(new Set(report.cases.map((c) => c.threadId)).size).toBe(7);
    expect(progress.filter((p) => p.type === 'case.end').map((p) => (p.type === 'case.end' ? p.finished : 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(progress[0]).toEqual({ type: 'eval.start', eval: 'desk', cases: 7, tries: 7 });
    expect(JSON.parse(JSON.stringify(report)).cases).toHaveLength(7);
  });

  it('records what the run did: trajectory with arguments and results, interrupts with their answers, usage', async () => {
    const report = await runEval(deskEval, { mode: 'live', filter: ['refund-approved', 'refund-rejected'] });
    const [approved, rejected] = report.cases;
    expect(approved?.trajectory).toEqual([
      { type: 'transfer', from: 'Desk', to: 'Billing', reason: 'an invoice question' },
      {
        type: 'tool',
        agent: 'Billing',
        tool: 'lookup_invoice',
        args: { invoice_id: 'INV-1' },
        result: '{"invoice_id":"INV-1","amount":49,"charges":2}',
      },
      { type: 'tool', agent: 'Billing', tool: 'refund', args: { invoice_id: 'INV-1', amount: 49 }, result: 'refunded $49 on INV-1' },
    ]);
    expect(approved?.interrupts).toEqual([
      {
        id: 'agent:Desk/agent:Billing/tool:refund:billing_6#0',
        address: 'agent:Desk/agent:Billing/tool:refund:billing_6',
        info: { tool: 'refund', arguments: { invoice_id: 'INV-1', amount: 49 } },
        answered: true,
        answer: { approved: true },
      },
    ]);
    expect(rejected?.interrupts[0]?.answer).toEqual({ approved: false, reason: 'not charged twice' });
    expect(approved?.usage).toMatchObject({ modelCalls: 4, steps: 9, inputTokens: 0, outputTokens: 0 });
    expect(approved?.path.nodes).toEqual([
      'run:start',
      'Desk',
      'Desk:tools',
      'Billing',
      'Billing:tools',
      'Billing',
      'Billing:tools',
      'Billing:tools',
      'Billing',
    ]);
  });

  it('draws the coverage of the whole eval: the branches no case took are listed as missed', async () => {
    const report = await runEval(deskEval, { mode: 'live', filter: ['greeting'] });
    expect(report.summary.coverage.nodes).toEqual({
      covered: 2,
      total: 5,
      ratio: 2 / 5,
      missed: ['Desk:tools', 'Billing', 'Billing:tools'],
    });
    expect(report.summary.coverage.edges.missed).toEqual([
      'Desk -> Desk:tools',
      'Desk:tools -> Desk',
      'Desk:tools -> __end__',
      'Desk:tools -> Billing',
      'Billing -> Billing:tools',
      'Billing -> __end__',
      'Billing:tools -> Billing',
      'Billing:tools -> __end__',
    ]);
    const all = await runEval(deskEval, { mode: 'live' });
    expect(all.summary.coverage.nodes.missed).toEqual([]);
    expect(all.summary.coverage.edges.missed).toEqual(['Desk:tools -> Desk', 'Desk:tools -> __end__', 'Billing:tools -> __end__']);
  });

  it('marks a case whose scorer throws as error with the message, and goes on with the other scorers and cases', async () => {
    const broken = defineEval({
      name: 'broken',
      target,
      cases: [
        { id: 'a', input: 'Hi', expected: { output: 'Hello! You said: Hi' } },
        { id: 'b', input: 'Hello', expected: { output: 'Hello! You said: Hello' } },
      ],
      scorers: {
        boom: async (run) => {
          if (run.case.id === 'a') throw new Error('the judge is down');
          return { score: 1, pass: true, reason: 'fine' };
        },
        answer,
        odd: () => ({ score: 3, pass: true, reason: 'too much' }),
      },
    });
    const report = await runEval(broken, { mode: 'live' });
    expect(report.cases.map((c) => [c.id, c.status, c.error])).toEqual([
      ['a', 'error', { code: 'SCORER_FAILED', message: 'scorer "boom" threw: the judge is down' }],
      [
        'b',
        'error',
        {
          code: 'SCORER_FAILED',
          message:
            'scorer "odd" threw: scorer "odd" returned {"score":3,"pass":true,"reason":"too much"}; a scorer returns { score (0..1), pass, reason } or null',
        },
      ],
    ]);
    expect(report.cases[0]?.scorers['answer']).toEqual({ kind: 'scored', score: 1, pass: true, reason: 'the answer is as expected' });
    expect(report.summary.errored).toBe(2);
  });

  it('gates on thresholds: the report passes only when each is met', async () => {
    const report = await runEval(deskEval, { mode: 'live', thresholds: { passRate: 0.8, scorers: { answer: 0.75 } } });
    expect(report.thresholds).toEqual([
      { metric: 'passRate', min: 0.8, actual: 5 / 7, pass: false },
      { metric: 'answer', min: 0.75, actual: 0.8, pass: true },
    ]);
    expect(report.pass).toBe(false);
  });

  it('reports pass@k and pass^k with repeat, the first try that did not pass shown', async () => {
    let tries = 0;
    const flaky = defineEval({
      name: 'flaky',
      target,
      cases: [{ id: 'a', input: 'Hi' }],
      scorers: { flaky: () => ({ score: ++tries === 2 ? 0 : 1, pass: tries !== 2, reason: `try ${tries}` }) },
    });
    const report = await runEval(flaky, { mode: 'live', repeat: 3 });
    expect(report.cases[0]).toMatchObject({
      status: 'failed',
      scorers: { flaky: { reason: 'try 2' } },
      repeats: { k: 3, passes: 2, passAtK: 1, passHatK: 0, statuses: ['passed', 'failed', 'passed'] },
    });
    expect(report.summary).toMatchObject({ passAtK: 1, passHatK: 0, cases: 1 });
  });

  it('refuses bad options and filters that match nothing', async () => {
    await expect(runEval(deskEval, { repeat: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'runEval(): repeat must be a whole number of at least 1, got 0',
    });
    await expect(runEval(deskEval, { mode: 'record', repeat: 2 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(runEval(deskEval, { filter: ['nope*'] })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'no case of eval "desk" has an id or tag matching "nope*" (ids: hello, refund-approved, refund-rejected, refund-unanswered, refund-must-pause, wrong-answer, two-turns)',
    });
  });
});
