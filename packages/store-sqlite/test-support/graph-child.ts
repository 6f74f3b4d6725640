/**
 * One of several processes storing the same graph versions at once. Prints
 * "ready" once its store is open, waits for a "go" line on stdin (so that all
 * of them start together), stores `count` versions of graph `name` (hashes
 * h0, h1, …) with JSON of its own, and prints "done".
 *
 *   node --import tsx test-support/graph-child.ts <dbfile> <writer> <name> <count>
 */
import { createInterface } from 'node:readline';
import { SqliteStore } from '../src/sqlite-store.ts';

const [dbFile, writer, name, count] = process.argv.slice(2);
if (!dbFile || !writer || !name || !count) throw new Error('usage: graph-child.ts <dbfile> <writer> <name> <count>');
const store = new SqliteStore({ path: dbFile });
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
process.stdout.write('ready\n');
while ((await lines.next()).value !== 'go');
for (let i = 0; i < Number(count); i++) {
  const hash = `h${i}`;
  await store.putGraph({ name, hash, json: JSON.stringify({ name, hash, writer }), createdAt: i });
}
await store.close();
process.stdout.write('done\n');
