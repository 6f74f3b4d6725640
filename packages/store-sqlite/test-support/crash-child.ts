/**
 * Runs the crash graph on `<dbfile>` until done or killed, appending each node
 * start to `<startsfile>` (a synchronous write: it survives SIGKILL).
 *
 *   node --import tsx test-support/crash-child.ts <dbfile> <startsfile>
 */
import { appendFileSync } from 'node:fs';
import { crashGraph, THREAD } from './crash-graph.ts';

const [dbFile, startsFile] = process.argv.slice(2);
if (!dbFile || !startsFile) throw new Error('usage: crash-child.ts <dbfile> <startsfile>');
const { g, store } = crashGraph(dbFile, (node) => appendFileSync(startsFile, `${node}\n`));
process.stdout.write('ready\n');
await g.run(0, { threadId: THREAD });
await store.close();
process.stdout.write('done\n');
