/**
 * The queue benchmark (`pnpm bench:queue`): @weft/bullmq's throughput
 * against the number of worker processes for I/O-bound nodes, and what the
 * queue adds to one run against the same run in-process and the lease alone,
 * and one wide map's tasks spread over worker processes (distributed steps).
 * Needs Redis and PostgreSQL:
 *
 *   eval "$(bash scripts/start-redis.sh | tail -n 1)"
 *   eval "$(bash scripts/start-postgres.sh | tail -n 1)"
 *   pnpm bench:queue [--runs 200] [--workers 1,2,4,8] [--concurrency 4] [--samples 200] [--map-samples 9] [--quick]
 */
import { parseArgs } from 'node:util';
import { PostgresStore } from '@weft/store-postgres';
import { measureDistributed } from './queue/measure-distributed.ts';
import { measureOverhead } from './queue/measure-overhead.ts';
import { measureThroughput } from './queue/measure-throughput.ts';
import { LATENCY_MS, MAP_WIDTH } from './queue/queue-targets.ts';
import { PG_SCHEMA, pgUrl } from './queue/queue-env.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    workers: { type: 'string' },
    concurrency: { type: 'string' },
    samples: { type: 'string' },
    'map-samples': { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = values.quick === true;
const runs = Number(values.runs ?? (quick ? 20 : 200));
const workerCounts = (values.workers ?? (quick ? '1,2' : '1,2,4,8')).split(',').map(Number);
const concurrency = Number(values.concurrency ?? 4);
const samples = Number(values.samples ?? (quick ? 20 : 200));
const mapSamples = Number(values['map-samples'] ?? (quick ? 3 : 9));

const fmt = (x: number, digits = 1): string => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const store = new PostgresStore({ connectionString: pgUrl(), schema: PG_SCHEMA });
try {
  console.error(`throughput: 3 nodes × ${LATENCY_MS} ms, ${runs} runs, concurrency ${concurrency} per worker process`);
  const rows = await measureThroughput(store, workerCounts, concurrency, runs);
  const base = rows[0]!.queueRunsPerS;
  console.log(`\n#### Throughput, 3 nodes × ${LATENCY_MS} ms, ${runs} runs, concurrency ${concurrency} per process\n`);
  console.log('| worker processes | runs at a time | queue runs/s | vs W=1 | in-process runs/s | queue / in-process |');
  console.log('| ---------------: | -------------: | -----------: | -----: | ----------------: | -----------------: |');
  for (const r of rows)
    console.log(
      `| ${r.workers} | ${r.workers * r.concurrency} | ${fmt(r.queueRunsPerS)} | ${fmt(r.queueRunsPerS / base, 2)}x | ${fmt(r.inProcessRunsPerS)} | ${fmt(r.queueRunsPerS / r.inProcessRunsPerS, 2)}x |`,
    );

  console.error(`overhead: ${samples} runs each, one at a time`);
  const over = await measureOverhead(store, samples);
  console.log(`\n#### One run at a time, trivial nodes, median of ${samples} after 20 warm-ups, µs\n`);
  console.log('| way | steps | µs per run | µs per step |');
  console.log('| --- | ----: | ---------: | ----------: |');
  for (const r of over) console.log(`| ${r.way} | ${r.steps || '—'} | ${fmt(r.runUs, 0)} | ${r.steps ? fmt(r.runUs / r.steps, 0) : '—'} |`);

  const mapWorkers = workerCounts.filter((w) => w <= 4);
  console.error(`distributed steps: a ${MAP_WIDTH}-wide map, ${mapSamples} runs each, one at a time`);
  const dist = await measureDistributed(store, mapWorkers, mapSamples);
  const local = (tasks: string) => dist.find((r) => r.tasks === tasks && r.way.startsWith('in-process'))!.runMs;
  console.log(`\n#### One ${MAP_WIDTH}-wide map at a time, its tasks distributed, median of ${mapSamples} after 1 warm-up, ms per run\n`);
  console.log(`| way | ${LATENCY_MS} ms tasks | trivial tasks | trivial: µs per task over in-process |`);
  console.log('| --- | ---: | ---: | ---: |');
  for (const way of [...new Set(dist.map((r) => r.way))]) {
    const ms = (tasks: string) => dist.find((r) => r.way === way && r.tasks === tasks)!.runMs;
    const perTask = way.startsWith('in-process') ? '—' : fmt(((ms('trivial') - local('trivial')) * 1000) / MAP_WIDTH, 0);
    console.log(`| ${way} | ${fmt(ms('sleepy'))} | ${fmt(ms('trivial'))} | ${perTask} |`);
  }
} finally {
  await store.close();
}
