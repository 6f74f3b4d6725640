import { END, graph, interrupt, START } from '@weft/graph';

/** A refund: its amount, and the approver's answer once asked. */
export interface Refund {
  amount: number;
  approved?: boolean;
}

/**
 * Two versions of one refund flow, both pinned (`onGraphMismatch: 'pin'`):
 * v1 is check → ask → pay; v2 renames ask to review, so a thread paused at
 * ask cannot continue on v2. Every node writes `<worker>:<node>:<amount>` to
 * `log`: which worker ran which node of which thread (threads differ by amount).
 */
export function refundFlow(version: 'v1' | 'v2', worker: string, log: string[]) {
  const asking = version === 'v1' ? 'ask' : 'review';
  const seen = (node: string, r: Refund) => void log.push(`${worker}:${node}:${r.amount}`);
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', (r: Refund) => (seen('check', r), r))
    .addNode(asking, (r: Refund): Refund => {
      seen(asking, r);
      return { ...r, approved: interrupt<{ approved: boolean }>({ amount: r.amount }).approved };
    })
    .addNode('pay', (r: Refund) => (seen('pay', r), r.approved ? `paid ${r.amount}` : 'refused'))
    .addEdge(START, 'check')
    .addEdge('check', asking)
    .addEdge(asking, 'pay')
    .addEdge('pay', END)
    .compile({ version, onGraphMismatch: 'pin' });
}
