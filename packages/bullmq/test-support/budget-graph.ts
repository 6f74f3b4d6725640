import { appendFileSync } from 'node:fs';
import { END, graph, START, type Budget, type BudgetContext } from '@weft/graph';

/** What each step of budgetGraph charges before it works (a model call) and records after (its tokens and cost). */
export const STEP_CHARGE = { modelCalls: 1 } as const;
export const STEP_RECORD = { tokens: 30, inputTokens: 20, outputTokens: 10, costUsd: 0.25 } as const;

/**
 * one → two → three, each charging the thread's budget as a model step does
 * (`ctx.budget.charge` before, `ctx.budget.record` after), journaling its
 * start and end (the side effects a test counts), and awaiting `hold[node]`
 * between its charge and its record: where a test kills the worker.
 */
export function budgetGraph(journal: string, budget: Budget, hold: Partial<Record<string, () => Promise<void>>> = {}) {
  const step = (node: string) => async (input: string, ctx: { threadId: string | undefined; budget: BudgetContext }) => {
    const line = { node, threadId: ctx.threadId ?? '', pid: process.pid };
    appendFileSync(journal, JSON.stringify({ ev: 'start', ...line, at: Date.now() }) + '\n');
    ctx.budget.charge(STEP_CHARGE);
    await hold[node]?.();
    ctx.budget.record(STEP_RECORD);
    appendFileSync(journal, JSON.stringify({ ev: 'end', ...line, at: Date.now() }) + '\n');
    return `${input}>${node}`;
  };
  return graph<string, string>({ name: 'budgeted' })
    .addNode('one', step('one'))
    .addNode('two', step('two'))
    .addNode('three', step('three'))
    .addEdge(START, 'one')
    .addEdge('one', 'two')
    .addEdge('two', 'three')
    .addEdge('three', END)
    .compile({ budget });
}
