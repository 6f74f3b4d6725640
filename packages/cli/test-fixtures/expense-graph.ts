/**
 * A plain graph for the CLI's tests: an expense is checked, a person approves
 * it when it is over the limit (an interrupt), then it is paid. Exported as
 * `graph`, compiled without a store: `weft` gives it one.
 */
import { END, START, graph as defineGraph, interrupt } from '@weft/graph';

interface Expense {
  who: string;
  amount: number;
}

const LIMIT = 100;

export const graph = defineGraph<Expense, string>({ name: 'expense' })
  .addNode('check', (e: Expense) => ({ ...e, needsApproval: e.amount > LIMIT }))
  .addNode('approve', (e: Expense & { needsApproval: boolean }) => {
    if (!e.needsApproval) return e;
    const decision = interrupt<{ approved: boolean }>({ question: `Approve ${e.amount} for ${e.who}?` });
    if (!decision.approved) throw new Error(`the expense of ${e.who} was refused`);
    return e;
  })
  .addNode('pay', (e: Expense) => `paid ${e.amount} to ${e.who}`)
  .addEdge(START, 'check')
  .addEdge('check', 'approve')
  .addEdge('approve', 'pay')
  .addEdge('pay', END)
  .compile();
