/**
 * One of several processes resuming the same interrupted thread at once.
 * Prints "ready" once its store is open, waits for a "go" line on stdin (so
 * that all of them start together), resumes the thread with its own verdict,
 * appends a line to `<startsfile>` each time the review node starts, and
 * prints its outcome as one JSON line ({"status":"done"} or {"code":"THREAD_BUSY"})
 * and "answered". It then stays alive, holding whatever durability 'exit'
 * holds, until its stdin closes: so a process that claims the thread after
 * this one released it cannot be helped by this one's exit-time flush.
 *
 *   node --import tsx test-support/race-child.ts <dbfile> <durability> <startsfile> <name>
 */
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { SqliteStore } from '../src/sqlite-store.ts';
import type { Durability } from '../src/sqlite-store-options.ts';
import { REVIEW_THREAD, reviewGraph } from './review-graph.ts';

const [dbFile, durability, startsFile, name] = process.argv.slice(2);
if (!dbFile || !durability || !startsFile || !name) throw new Error('usage: race-child.ts <dbfile> <durability> <startsfile> <name>');
const store = new SqliteStore({ path: dbFile, durability: durability as Durability });
const g = reviewGraph(store, () => appendFileSync(startsFile, `${name}\n`));
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
process.stdout.write('ready\n');
while ((await lines.next()).value !== 'go');
try {
  const res = await g.resume({ threadId: REVIEW_THREAD, resume: { 'review#0': name } });
  process.stdout.write(`${JSON.stringify({ status: res.status })}\n`);
} catch (err) {
  process.stdout.write(`${JSON.stringify({ code: (err as { code?: unknown }).code ?? String(err) })}\n`);
}
process.stdout.write('answered\n');
while (!(await lines.next()).done);
// No close(): like an application that just ends, durability 'exit' writes what it holds at exit.
