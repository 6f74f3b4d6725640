/**
 * Durability 'exit' under a dying process: puts seq 1–2, flushes, puts seq
 * 3–4, prints "ready" and waits for the parent's signal (SIGKILL: only 1–2
 * may survive; SIGTERM, which it does not handle: the exit hook writes 3–4
 * too, and the process still dies of SIGTERM).
 *
 *   node --import tsx test-support/exit-child.ts <dbfile>
 */
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { SqliteStore } from '../src/sqlite-store.ts';

const [dbFile] = process.argv.slice(2);
if (!dbFile) throw new Error('usage: exit-child.ts <dbfile>');
const store = new SqliteStore({ path: dbFile, durability: 'exit' });
await store.put(conformanceEntry('t', 1));
await store.put(conformanceEntry('t', 2));
await store.flush();
await store.put(conformanceEntry('t', 3));
await store.put(conformanceEntry('t', 4));
process.stdout.write('ready\n');
// Keeps the process alive until the signal lands.
setInterval(() => undefined, 60_000);
