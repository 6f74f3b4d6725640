/**
 * The queue benchmark (`pnpm bench:queue`): @weft/bullmq's throughput
 * against the number of worker processes for I/O-bound nodes, and what the
 * queue adds to one run against the same run in-process and the lease alone.
 * Needs Redis and PostgreSQL:
 *
 *   eval "$(bash scripts/start-redis.sh | tail -n 1)"
 *   eval "$(bash scripts/start-postgres.sh | tail -n 1)"
 *   pnpm bench:queue [--runs 200] [--workers 1,2,4,8] [--concurrency 4] [--samples 200] [--quick]
 */
import { parseArgs } from 'node:util';
import { PostgresStore } from '@weft/store-postgres';
import { measureOverhead } from './queue/measure-overhead.ts';
import { measureThroughput } from './queue/measure-throughput.ts';
import { LATENCY_MS } from './queue/queue-targets.ts';
import { PG_SCHEMA, pgUrl } from './queue/queue-env.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    workers: { type: 'string' },
    concurrency: { type: 'string' },
    samples: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = values.quick === true;
const runs = Number(values.runs ?? (quick ? 20 : 200));
const workerCounts = (values.workers ?? (quick ? '1,2' : '1,2,4,8')).split(',').map(Number);
const concurrency = Number(values.concurrency ?? 4);
const samples = Number(values.samples ?? (quick ? 20 : 200));

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
} finally {
  await store.close();
}
