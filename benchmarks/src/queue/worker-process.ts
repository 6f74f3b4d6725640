/**
 * One worker process of the queue benchmark:
 *   node --conditions=@weft/source --import tsx worker-process.ts <queue> <concurrency>
 * Prints `ready` once BullMQ's worker is connected, and closes (letting
 * active jobs finish) on SIGTERM.
 */
import { WeftWorker } from '@weft/bullmq';
import { PostgresStore } from '@weft/store-postgres';
import { queueTargets } from './queue-targets.ts';
import { redisConnection, PG_SCHEMA } from './queue-env.ts';

const [queue, concurrency] = process.argv.slice(2);
if (!queue || !concurrency) throw new Error('usage: worker-process.ts <queue> <concurrency>');
const store = new PostgresStore({ connectionString: process.env['WEFT_PG_URL'], schema: PG_SCHEMA });
const worker = new WeftWorker({
  queue,
  connection: redisConnection(),
  store,
  targets: queueTargets,
  concurrency: Number(concurrency),
});
await worker.bull.waitUntilReady();
console.log('ready');
process.once('SIGTERM', () => {
  void worker
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
