/**
 * A worker process for the crash test: serves `stepsGraph` on the queue
 * WEFT_QUEUE with a SQLite store at WEFT_DB, and hangs in node `two`, where
 * the test kills it (SIGKILL): no close, no release, no end entry.
 *
 *   node --import tsx test-support/crash-worker.ts
 */
import { SqliteStore } from '@weft/store-sqlite';
import { WeftWorker } from '../src/index.ts';
import { stepsGraph } from './journal-graph.ts';
import { redisConnection } from './redis-env.ts';
import { FAST_STALLS } from './queue-fixture.ts';

const env = (name: string) => process.env[name] ?? (console.error(`crash-worker: ${name} is not set`), process.exit(2));
const store = new SqliteStore({ path: env('WEFT_DB') });
new WeftWorker({
  queue: env('WEFT_QUEUE'),
  connection: redisConnection(),
  store,
  targets: { steps: stepsGraph(env('WEFT_JOURNAL'), { hold: { two: () => new Promise<void>(() => {}) } }) },
  leaseTtlMs: Number(env('WEFT_LEASE_TTL_MS')),
  workerOptions: FAST_STALLS,
});
console.log('ready');
