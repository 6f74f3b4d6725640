/**
 * Two versions of one refund flow for the version badge: v1 checks, asks a
 * person (the `ask` node interrupts) and pays; v2 renamed `ask` to `review`,
 * so a thread v1 left paused at `ask` is blocked on v2 without a migration,
 * and needs one with `renameAsk`. Both are named "refunds".
 */
import { END, graph, interrupt, migration, START, type CheckpointStore, type Migration } from '@weft/graph';
import { z } from 'zod';

const refund = z.object({ amount: z.number() });
type Refund = z.infer<typeof refund> & { approved?: boolean };

const ask = (r: Refund): Refund => ({ ...r, approved: interrupt({ amount: r.amount }, { resume: z.boolean() }) });
const pay = (r: Refund) => (r.approved ? `paid ${r.amount}` : 'refused');

/** v1 or v2 of the flow, with the migrations given; on `store`, or on the one a studio gives it. */
export function refunds(version: 'v1' | 'v2', store?: CheckpointStore, migrations: Migration[] = []) {
  const asking = version === 'v1' ? 'ask' : 'review';
  return graph({ name: 'refunds', input: refund, output: z.string() })
    .addNode('check', (r: Refund) => r)
    .addNode(asking, ask)
    .addNode('pay', pay)
    .addEdge(START, 'check')
    .addEdge('check', asking)
    .addEdge(asking, 'pay')
    .addEdge('pay', END)
    .compile({ ...(store ? { store } : {}), version, migrations });
}

/** v1 → v2: `ask` is now `review`, and so are its interrupts. */
export const renameAsk: Migration = migration({ from: 'v1', to: 'v2', nodes: { ask: 'review' }, interrupts: { ask: 'review' } });

/** The reasons v2 gives for a thread v1 left paused at ask. */
export const BLOCKED_REASONS = [
  'the next task runs node "ask", which this version does not have',
  'the pending interrupt at address "ask" belongs to no task of this version (its node was renamed, removed or given another address), so its answer would reach nobody',
];

/**
 * A store holding three refund threads before v2 is served: `paused` (v1,
 * waiting at ask), `paid` (v1, done) and `fresh` (v2, waiting at review).
 */
export async function refundThreads(store: CheckpointStore): Promise<void> {
  const old = refunds('v1', store);
  await old.run({ amount: 500 }, { threadId: 'paused' });
  await old.run({ amount: 20 }, { threadId: 'paid' });
  await old.resume({ threadId: 'paid', resume: { 'ask#0': true } });
  await refunds('v2', store).run({ amount: 70 }, { threadId: 'fresh' });
}
