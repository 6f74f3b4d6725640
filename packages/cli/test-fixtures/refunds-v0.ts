/** The refund flow without its approval (check, pay) and without a migration: a thread paused at ask cannot continue on it. */
import { END, START, graph as defineGraph } from '@weft/graph';
import type { Refund } from './refunds-v1.ts';

export const graph = defineGraph<Refund, string>({ name: 'refunds' })
  .addNode('check', (r: Refund) => r)
  .addNode('pay', (r: Refund) => (r.approved ? `paid ${r.amount}` : 'refused'))
  .addEdge(START, 'check')
  .addEdge('check', 'pay')
  .addEdge('pay', END)
  .compile({ version: 'v0' });
