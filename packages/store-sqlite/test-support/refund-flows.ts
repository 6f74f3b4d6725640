/**
 * Two versions of one refund flow, for the migration tests: v1 checks, asks a
 * person (the `ask` node interrupts) and pays; v2 renamed `ask` to `review`,
 * so a thread v1 left paused at `ask` needs a migration to continue. Both
 * are named "refunds", so their threads share a store as in production.
 */
import { graph, interrupt, migration, START, END, type CompileOptions, type Migration } from '@weft/graph';

export interface Refund {
  amount: number;
  approved?: boolean;
}

/** The amount whose migration throws: the thread a batch must leave untouched. */
export const UNMIGRATABLE_AMOUNT = 13;

const check = (r: Refund) => r;
const ask = (r: Refund): Refund => ({ ...r, approved: interrupt<{ approved: boolean }>({ amount: r.amount }).approved });

/** The pay node, counting its side effects in `payments`. */
const payWith = (payments: Refund[]) => (r: Refund) => {
  if (r.approved) payments.push(r);
  return r.approved ? `paid ${r.amount}` : 'refused';
};

/** v1: check → ask → pay. */
export function v1(options: CompileOptions, payments: Refund[] = []) {
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', check)
    .addNode('ask', ask)
    .addNode('pay', payWith(payments))
    .addEdge(START, 'check')
    .addEdge('check', 'ask')
    .addEdge('ask', 'pay')
    .addEdge('pay', END)
    .compile({ version: 'v1', ...options });
}

/** v2 (or a release of its structure under another label): check → review → pay. */
export function v2(options: CompileOptions, payments: Refund[] = [], version = 'v2') {
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', check)
    .addNode('review', ask)
    .addNode('pay', payWith(payments))
    .addEdge(START, 'check')
    .addEdge('check', 'review')
    .addEdge('review', 'pay')
    .addEdge('pay', END)
    .compile({ version, ...options });
}

/** v1 → v2: `ask` is now `review`, its interrupts too; refuses a refund of UNMIGRATABLE_AMOUNT. */
export const askToReview: Migration = migration({
  name: 'ask becomes review',
  from: 'v1',
  to: 'v2',
  nodes: { ask: 'review' },
  interrupts: { ask: 'review' },
  frontier: (tasks) => {
    if (tasks.some((t) => (t.input as Refund).amount === UNMIGRATABLE_AMOUNT))
      throw new Error(`refund of ${UNMIGRATABLE_AMOUNT} has no review queue`);
    return tasks;
  },
});
