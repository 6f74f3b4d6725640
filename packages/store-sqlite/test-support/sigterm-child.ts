/**
 * An application that catches SIGTERM to let its run finish (durability
 * 'exit'): node `wait` prints "ready" and waits until the application's own
 * SIGTERM handler runs; the run then goes on to the end, the application
 * prints the outcome as one JSON line and ends without closing the store.
 *
 *   node --import tsx test-support/sigterm-child.ts <dbfile>
 */
import { graph, START, END } from '@weft/graph';
import { SqliteStore } from '../src/sqlite-store.ts';

const [dbFile] = process.argv.slice(2);
if (!dbFile) throw new Error('usage: sigterm-child.ts <dbfile>');
const store = new SqliteStore({ path: dbFile, durability: 'exit' });
// A signal listener does not keep a process alive; the timer stands in for the application's other work.
const alive = setInterval(() => undefined, 60_000);
const terminated = new Promise<void>((resolve) => process.once('SIGTERM', () => (clearInterval(alive), resolve())));
const g = graph<number, number, { log: string[] }>({ name: 'sigterm', state: () => ({ log: [] }) })
  .addNode('before', (n: number, ctx) => (ctx.update((s) => void s.log.push('before')), n + 1))
  .addNode('wait', async (n: number, ctx) => {
    process.stdout.write('ready\n');
    await terminated;
    ctx.update((s) => void s.log.push('wait'));
    return n + 1;
  })
  .addNode('after', (n: number, ctx) => (ctx.update((s) => void s.log.push('after')), n + 1))
  .addEdge(START, 'before')
  .addEdge('before', 'wait')
  .addEdge('wait', 'after')
  .addEdge('after', END)
  .compile({ store });
const res = await g.run(0, { threadId: 't' });
process.stdout.write(`${JSON.stringify({ status: res.status, output: res.output, error: res.error?.message })}\n`);
