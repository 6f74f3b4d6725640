/**
 * A worker process for the budget crash test: serves `budgetGraph` on the
 * queue WEFT_QUEUE with a SQLite store at WEFT_DB, and hangs in node `two`
 * after charging the budget, where the test kills it (SIGKILL): its charge
 * was never checkpointed.
 *
 *   node --import tsx test-support/budget-crash-worker.ts
 */
import { SqliteStore } from '@weft/store-sqlite';
import { WeftWorker } from '../src/index.ts';
import { budgetGraph } from './budget-graph.ts';
import { redisConnection } from './redis-env.ts';
import { FAST_STALLS } from './queue-fixture.ts';

const env = (name: string) => process.env[name] ?? (console.error(`budget-crash-worker: ${name} is not set`), process.exit(2));
const store = new SqliteStore({ path: env('WEFT_DB') });
new WeftWorker({
  queue: env('WEFT_QUEUE'),
  connection: redisConnection(),
  store,
  targets: { budgeted: budgetGraph(env('WEFT_JOURNAL'), { modelCalls: 10 }, { two: () => new Promise<void>(() => {}) }) },
  leaseTtlMs: Number(env('WEFT_LEASE_TTL_MS')),
  workerOptions: FAST_STALLS,
});
console.log('ready');
