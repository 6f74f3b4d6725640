/**
 * A worker process for the cross-process multitask test: serves `stepsGraph`
 * on the queue WEFT_QUEUE with a SQLite store at WEFT_DB; node `two` waits
 * until the file WEFT_GATE exists (the test creates it once the stop request
 * it waits for reached this process's lease).
 *
 *   node --import tsx test-support/gated-worker.ts
 */
import { existsSync } from 'node:fs';
import { SqliteStore } from '@weft/store-sqlite';
import { WeftWorker } from '../src/index.ts';
import { stepsGraph } from './journal-graph.ts';
import { redisConnection } from './redis-env.ts';
import { FAST_STALLS } from './queue-fixture.ts';

const env = (name: string) => process.env[name] ?? (console.error(`gated-worker: ${name} is not set`), process.exit(2));
const gate = env('WEFT_GATE');
const opened = async (signal: AbortSignal) => {
  while (!existsSync(gate) && !signal.aborted) await new Promise((r) => setTimeout(r, 20));
};
const store = new SqliteStore({ path: env('WEFT_DB') });
const worker = new WeftWorker({
  queue: env('WEFT_QUEUE'),
  connection: redisConnection(),
  store,
  targets: { steps: stepsGraph(env('WEFT_JOURNAL'), { hold: { two: opened } }) },
  leaseTtlMs: Number(env('WEFT_LEASE_TTL_MS')),
  workerOptions: FAST_STALLS,
});
process.on(
  'SIGTERM',
  () =>
    void worker
      .close()
      .then(() => store.close())
      .then(() => process.exit(0)),
);
console.log('ready');
