import { describe, expect, it } from 'vitest';
import { Runner } from '@weft/agents';
import { END, MemoryStore, START, graph } from '@weft/graph';
import { runEval } from '../run/run-eval.ts';
import { billingDesk, deskModels } from '../test-support/billing-desk.ts';
import { caseFromThread } from './case-from-thread.ts';
import { defineEval } from './define-eval.ts';

describe('caseFromThread', () => {
  it('turns a stored conversation into a case: the conversation up to the last user message, its answer expected, its session values', async () => {
    const models = deskModels();
    const agent = billingDesk((n) => models[n]);
    const store = new MemoryStore();
    const runner = new Runner({ agent, store });
    await runner.query('Hi', { threadId: 'prod-1', sessionValues: { customer: 'c-9' } });
    await runner.query('Is INV-2 right?', { threadId: 'prod-1' });
    const before = await store.list('prod-1');
    const testCase = await caseFromThread(agent, store, 'prod-1', { id: 'inv-2-question' });
    expect(testCase).toEqual({
      id: 'inv-2-question',
      input: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello! You said: Hi' },
        { role: 'user', content: 'Is INV-2 right?' },
      ],
      sessionValues: { customer: 'c-9' },
      expected: { output: 'Invoice INV-2 looks fine; no refund made.' },
      tags: ['from-thread'],
    });
    // Read, never written.
    expect(await store.list('prod-1')).toEqual(before);

    const first = before.filter((e) => e.status === 'done').sort((a, b) => a.seq - b.seq)[0];
    const earlier = await caseFromThread(agent, store, 'prod-1', { checkpointId: first?.id ?? '' });
    expect(earlier.input).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(earlier.id).toMatch(/^thread-prod-1-[\w-]{8}$/);

    const answer = (run: { output: unknown; case: { expected?: { output?: unknown } } }) => ({
      score: run.output === run.case.expected?.output ? 1 : 0,
      pass: run.output === run.case.expected?.output,
      reason: String(run.output),
    });
    const report = await runEval(defineEval({ name: 'regression', target: agent, cases: [testCase], scorers: { answer } }));
    expect(report.cases[0]).toMatchObject({ status: 'passed', output: 'Invoice INV-2 looks fine; no refund made.' });
  });

  it('takes a graph thread’s run input and output', async () => {
    const store = new MemoryStore();
    const double = graph<number, number>({ name: 'double' })
      .addNode('x2', (n: number) => n * 2)
      .addEdge(START, 'x2')
      .addEdge('x2', END)
      .compile({ store });
    await double.run(21, { threadId: 'g-1' });
    expect(await caseFromThread(double, store, 'g-1', { id: 'g' })).toEqual({
      id: 'g',
      input: 21,
      expected: { output: 42 },
      tags: ['from-thread'],
    });
  });

  it('says which thread or checkpoint the store does not have', async () => {
    const models = deskModels();
    const agent = billingDesk((n) => models[n]);
    await expect(caseFromThread(agent, new MemoryStore(), 'nope')).rejects.toMatchObject({
      code: 'THREAD_NOT_FOUND',
      message: 'thread "nope" is not in the store: list threads with `weft threads` and checkpoints with `weft history <thread>`',
    });
  });
});
