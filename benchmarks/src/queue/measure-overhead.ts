/**
 * Part 2: what the queue adds to one run. A 1-step and a 10-step graph of
 * trivial nodes, one run at a time: through the queue (1 worker process,
 * concurrency 1, warm; enqueue → result), in-process on the same store, and
 * the thread lease alone (LeaseKeeper.take + release), median µs.
 */
import { randomUUID } from 'node:crypto';
import { WeftQueue } from '@weft/bullmq';
import { LeaseKeeper, type CheckpointStore } from '@weft/graph';
import { queueTargets } from './queue-targets.ts';
import { redisConnection } from './queue-env.ts';
import { startWorkers } from './worker-pool.ts';

export interface OverheadRow {
  way: string;
  steps: number;
  runUs: number;
}

const WARMUP = 20;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function sampled(samples: number, once: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + samples; i++) {
    const t0 = process.hrtime.bigint();
    await once();
    if (i >= WARMUP) times.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  return median(times);
}

const ok = (status: string, output: unknown, steps: number): void => {
  if (status !== 'done' || output !== steps) throw new Error(`overhead run ended ${status} ${String(output)}`);
};

export async function measureOverhead(store: CheckpointStore, samples: number): Promise<OverheadRow[]> {
  const targets = [
    ['trivial1', 1],
    ['trivial10', 10],
  ] as const;
  const rows: OverheadRow[] = [];
  const name = `bench-queue-overhead-${randomUUID().slice(0, 8)}`;
  const pool = await startWorkers(name, 1, 1);
  const queue = new WeftQueue<typeof queueTargets>({ queue: name, connection: redisConnection() });
  try {
    for (const [target, steps] of targets) {
      const runUs = await sampled(samples, async () => {
        const r = await (await queue.run(target, 0, { jobOptions: { removeOnComplete: true } })).result();
        ok(r.status, r.status === 'done' ? r.output : undefined, steps);
      });
      rows.push({ way: 'queue (1 worker process)', steps, runUs });
    }
  } finally {
    await queue.close();
    await pool.stop();
  }
  for (const [target, steps] of targets) {
    const g = queueTargets[target].withStore(store);
    const runUs = await sampled(samples, async () => {
      const r = await g.run(0, { threadId: randomUUID() });
      ok(r.status, r.status === 'done' ? r.output : undefined, steps);
    });
    rows.push({ way: 'in-process, same store', steps, runUs });
  }
  const leaseUs = await sampled(samples, async () => {
    const lease = await LeaseKeeper.take(store, randomUUID(), { holder: 'bench' });
    await lease.release();
  });
  rows.push({ way: 'lease alone (take + release)', steps: 0, runUs: leaseUs });
  return rows;
}
