/**
 * Version v1 of a refund flow for `weft migrate`'s tests: check, ask a
 * person (`ask` interrupts), pay. refunds-v2.ts renames ask to review and
 * migrates v1's threads; refunds-v0.ts drops ask and cannot continue them.
 */
import { END, START, graph as defineGraph, interrupt } from '@weft/graph';

export interface Refund {
  amount: number;
  approved?: boolean;
}

export const graph = defineGraph<Refund, string>({ name: 'refunds' })
  .addNode('check', (r: Refund) => r)
  .addNode('ask', (r: Refund): Refund => ({ ...r, approved: interrupt<{ approved: boolean }>({ amount: r.amount }).approved }))
  .addNode('pay', (r: Refund) => (r.approved ? `paid ${r.amount}` : 'refused'))
  .addEdge(START, 'check')
  .addEdge('check', 'ask')
  .addEdge('ask', 'pay')
  .addEdge('pay', END)
  .compile({ version: 'v1' });
