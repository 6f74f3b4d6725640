/**
 * Version v2 of the refund flow: ask is now review (its interrupts follow),
 * and a migration takes v1's threads to it. The migration refuses a refund
 * of 13 (a thread it cannot move), so a batch has one failure to report.
 */
import { END, START, graph as defineGraph, interrupt, migration } from '@weft/graph';
import type { Refund } from './refunds-v1.ts';

const fromV1 = migration({
  from: 'v1',
  to: 'v2',
  nodes: { ask: 'review' },
  interrupts: { ask: 'review' },
  frontier: (tasks) =>
    tasks.map((t) => {
      if ((t.input as Refund).amount === 13) throw new Error('a refund of 13 needs a person to move it');
      return t;
    }),
});

export const graph = defineGraph<Refund, string>({ name: 'refunds' })
  .addNode('check', (r: Refund) => r)
  .addNode('review', (r: Refund): Refund => ({ ...r, approved: interrupt<{ approved: boolean }>({ amount: r.amount }).approved }))
  .addNode('pay', (r: Refund) => (r.approved ? `paid ${r.amount}` : 'refused'))
  .addEdge(START, 'check')
  .addEdge('check', 'review')
  .addEdge('review', 'pay')
  .addEdge('pay', END)
  .compile({ version: 'v2', migrations: [fromV1], onGraphMismatch: 'migrate' });
