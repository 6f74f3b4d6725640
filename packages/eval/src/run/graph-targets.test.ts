import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt } from '@weft/graph';
import { defineEval } from '../define/define-eval.ts';
import { runEval } from './run-eval.ts';

/** A review flow: small amounts pass, large ones ask a person; a nested "notify" subgraph runs after either. */
function reviewFlow() {
  const notify = graph<{ amount: number; ok: boolean }, string>({ name: 'notify' })
    .addNode('format', (i: { amount: number; ok: boolean }) => `${i.ok ? 'approved' : 'rejected'} ${i.amount}`)
    .addNode('send', (text: string) => `sent: ${text}`)
    .addEdge(START, 'format')
    .addEdge('format', 'send')
    .addEdge('send', END)
    .compile();
  return graph<{ amount: number }, string>({ name: 'review' })
    .addNode('classify', (i: { amount: number }) => i)
    .addNode('auto', (i: { amount: number }) => ({ amount: i.amount, ok: true }))
    .addNode('ask', (i: { amount: number }) => ({ amount: i.amount, ok: interrupt<{ ok: boolean }>({ amount: i.amount }).ok }))
    .addNode('notify', notify)
    .addEdge(START, 'classify')
    .addBranch('classify', (i: { amount: number }) => (i.amount > 100 ? 'ask' : 'auto'), ['ask', 'auto'])
    .addEdge('auto', 'notify')
    .addEdge('ask', 'notify')
    .addEdge('notify', END)
    .compile();
}

const output = (run: { output: unknown; case: { expected?: { output?: unknown } } }) =>
  run.case.expected?.output === undefined
    ? null
    : { score: run.output === run.case.expected.output ? 1 : 0, pass: run.output === run.case.expected.output, reason: String(run.output) };

describe('a compiled graph as the target', () => {
  it('runs graph inputs, answers graph interrupts by address, and records paths inside subgraphs', async () => {
    const ev = defineEval({
      name: 'review',
      target: reviewFlow(),
      scorers: { output },
      cases: [
        { id: 'small', input: { amount: 20 }, expected: { output: 'sent: approved 20' } },
        { id: 'large-ok', input: { amount: 500 }, answers: { ask: { ok: true } }, expected: { output: 'sent: approved 500' } },
      ],
    });
    const report = await runEval(ev);
    expect(report.cases.map((c) => [c.id, c.status, c.output])).toEqual([
      ['small', 'passed', 'sent: approved 20'],
      ['large-ok', 'passed', 'sent: approved 500'],
    ]);
    expect(report.cases[0]?.path).toEqual({
      nodes: ['classify', 'auto', 'notify', 'notify/format', 'notify/send'],
      edges: [
        '__start__ -> classify',
        'classify -> auto',
        'auto -> notify',
        'notify/__start__ -> notify/format',
        'notify/format -> notify/send',
        'notify/send -> notify/__end__',
        'notify -> __end__',
      ],
    });
    expect(report.cases[1]?.interrupts).toEqual([
      { id: 'ask#0', address: 'ask', info: { amount: 500 }, answered: true, answer: { ok: true } },
    ]);
    expect(report.summary.coverage.nodes.missed).toEqual([]);
  });

  it('lists the branch no case takes as missed coverage', async () => {
    const ev = defineEval({ name: 'review', target: reviewFlow(), scorers: {}, cases: [{ id: 'small', input: { amount: 20 } }] });
    const report = await runEval(ev);
    expect(report.summary.coverage.nodes).toEqual({ covered: 5, total: 6, ratio: 5 / 6, missed: ['ask'] });
    expect(report.summary.coverage.edges.missed).toEqual(['ask -> notify', 'classify -> ask']);
  });

  it('stops a case past its wall-time budget with BUDGET_EXCEEDED', async () => {
    const slow = graph<number, number>({ name: 'slow' })
      .addNode(
        'wait',
        (n: number, ctx) =>
          new Promise<number>((resolve, reject) => {
            const timer = setTimeout(() => resolve(n), 60_000);
            ctx.signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(ctx.signal.reason as Error);
            });
          }),
      )
      .addEdge(START, 'wait')
      .addEdge('wait', END)
      .compile();
    const ev = defineEval({ name: 'slow', target: slow, scorers: {}, cases: [{ id: 'a', input: 1, budget: { wallMs: 50 } }] });
    const report = await runEval(ev);
    expect(report.cases[0]).toMatchObject({
      status: 'error',
      runStatus: 'error',
      error: { code: 'BUDGET_EXCEEDED', message: 'case "a" ran past its budget of 50 ms and was stopped' },
    });
  });
});
