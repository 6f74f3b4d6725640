/**
 * Part 1: runs per second of the 3-node I/O-bound graph (20 ms a node)
 * through the queue with W worker processes of concurrency C each, from the
 * first enqueue to the last result, against the same runs in-process with
 * W·C runs at a time on the same PostgreSQL store.
 */
import { randomUUID } from 'node:crypto';
import { WeftQueue } from '@weft/bullmq';
import type { CheckpointStore } from '@weft/graph';
import { queueTargets } from './queue-targets.ts';
import { redisConnection } from './queue-env.ts';
import { startWorkers } from './worker-pool.ts';

export interface ThroughputRow {
  workers: number;
  concurrency: number;
  runs: number;
  queueRunsPerS: number;
  inProcessRunsPerS: number;
}

const seconds = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e9;

async function throughQueue(workers: number, concurrency: number, runs: number): Promise<number> {
  const name = `bench-queue-${randomUUID().slice(0, 8)}`;
  const pool = await startWorkers(name, workers, concurrency);
  const queue = new WeftQueue<typeof queueTargets>({ queue: name, connection: redisConnection() });
  try {
    const t0 = process.hrtime.bigint();
    const jobs = [];
    for (let i = 0; i < runs; i++) jobs.push(await queue.run('sleepy', 0, { jobOptions: { removeOnComplete: true } }));
    // In order, one blocking reader at a time: the last await ends after the last result.
    for (const job of jobs) {
      const r = await job.result();
      if (r.status !== 'done' || r.output !== 3) throw new Error(`queue run ended ${r.status}`);
    }
    return runs / seconds(t0);
  } finally {
    await queue.close();
    await pool.stop();
  }
}

async function inProcess(store: CheckpointStore, parallel: number, runs: number): Promise<number> {
  const g = queueTargets.sleepy.withStore(store);
  let next = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < runs) {
        next++;
        const r = await g.run(0, { threadId: randomUUID() });
        if (r.status !== 'done' || r.output !== 3) throw new Error(`in-process run ended ${r.status}`);
      }
    }),
  );
  return runs / seconds(t0);
}

export async function measureThroughput(
  store: CheckpointStore,
  workerCounts: readonly number[],
  concurrency: number,
  runs: number,
): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const workers of workerCounts) {
    const queueRunsPerS = await throughQueue(workers, concurrency, runs);
    const inProcessRunsPerS = await inProcess(store, workers * concurrency, runs);
    rows.push({ workers, concurrency, runs, queueRunsPerS, inProcessRunsPerS });
    console.error(`  W=${workers}: queue ${queueRunsPerS.toFixed(1)} runs/s, in-process ${inProcessRunsPerS.toFixed(1)} runs/s`);
  }
  return rows;
}
