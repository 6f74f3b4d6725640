/**
 * Durability 'exit' under a dying process: puts seq 1–2, flushes, puts seq 3–4,
 * then sends itself `<signal>` (SIGKILL: only 1–2 may survive; SIGTERM: the
 * exit hook writes 3–4 too).
 *
 *   node --import tsx test-support/exit-child.ts <dbfile> <signal>
 */
import { conformanceEntry } from '@weft/graph';
import { SqliteStore } from '../src/sqlite-store.ts';

const [dbFile, signal] = process.argv.slice(2);
if (!dbFile || (signal !== 'SIGKILL' && signal !== 'SIGTERM')) throw new Error('usage: exit-child.ts <dbfile> SIGKILL|SIGTERM');
const store = new SqliteStore({ path: dbFile, durability: 'exit' });
await store.put(conformanceEntry('t', 1));
await store.put(conformanceEntry('t', 2));
await store.flush();
await store.put(conformanceEntry('t', 3));
await store.put(conformanceEntry('t', 4));
process.kill(process.pid, signal);
// Keep the event loop busy until the signal lands.
setInterval(() => undefined, 1000);
