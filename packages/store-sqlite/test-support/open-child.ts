/**
 * One of several processes opening the same store at once: prints "ready",
 * waits for a "go" line on stdin, opens the store at `<dbfile>` (which may not
 * exist yet), writes one checkpoint to thread `<thread>`, closes it and prints
 * "opened".
 *
 *   node --import tsx test-support/open-child.ts <dbfile> <thread>
 */
import { createInterface } from 'node:readline';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { SqliteStore } from '../src/sqlite-store.ts';

const [dbFile, thread] = process.argv.slice(2);
if (!dbFile || !thread) throw new Error('usage: open-child.ts <dbfile> <thread>');
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
process.stdout.write('ready\n');
while ((await lines.next()).value !== 'go');
const store = new SqliteStore({ path: dbFile });
await store.put(conformanceEntry(thread, 1));
await store.close();
process.stdout.write('opened\n');
process.stdin.destroy();
