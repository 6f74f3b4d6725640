/**
 * Writes fixtures/refund-waiting.json: a thread version 1 of the support
 * system left waiting for a person to approve Billing's refund, frozen as
 * it is in the store (its checkpoints' bytes, and version 1's graph
 * description). Tests load it into a fresh store and resume it on version 2,
 * so the migration keeps working on a thread exactly as version 1 wrote
 * it, whatever version 1's code becomes; `weft migrate test` does the same
 * with the approval the fixture's `answers` give:
 *
 *   npx tsx --conditions @weft/source docs/examples/support/v2/save-refund-waiting.ts
 *   weft migrate test docs/examples/support/v2/support-v2.ts --fixtures docs/examples/support/v2/fixtures
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Runner } from '@weft/agents';
import { exportThread, MemoryStore } from '@weft/graph';
import { supportV1Options } from './support-versions.ts';

/** The thread's id in the fixture, and the request it answers. */
const REFUND_WAITING = {
  threadId: 'refund-waiting',
  request: 'Invoice INV-1042 was charged twice in March. Please refund it.',
  sessionValues: { company: 'Acme' },
} as const;

const store = new MemoryStore();
const v1 = new Runner(supportV1Options(store));
const paused = await v1.query(REFUND_WAITING.request, {
  threadId: REFUND_WAITING.threadId,
  sessionValues: { ...REFUND_WAITING.sessionValues },
});
if (paused.status !== 'interrupted') throw new Error(`version 1 did not stop at the refund approval (it ended ${paused.status})`);
const file = join(import.meta.dirname, 'fixtures/refund-waiting.json');
// `answers`: what `weft migrate test` gives the thread's interrupts after migrating it (a person approves the refund).
const answers = Object.fromEntries(paused.interrupts.map((i) => [i.id, { approved: true }]));
const fixture = { ...(await exportThread(store, REFUND_WAITING.threadId)), answers };
writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`${file}: thread ${REFUND_WAITING.threadId}, waiting at ${paused.interrupts.map((i) => i.id).join(', ')}`);
