/**
 * Part 3: distributed steps. One 200-wide map at a time (`send()` to a node
 * marked `distribute`), its tasks spread over W worker processes (task slots:
 * 8 each), against the same run in-process (all 200 tasks at once, no
 * dispatcher): I/O-bound tasks (20 ms each) and trivial ones, median ms per
 * run, and for trivial tasks what one task costs through the task queue.
 */
import { randomUUID } from 'node:crypto';
import { WeftQueue } from '@weft/bullmq';
import type { CheckpointStore } from '@weft/graph';
import { MAP_WIDTH, mapAnswer, queueTargets } from './queue-targets.ts';
import { redisConnection } from './queue-env.ts';
import { startWorkers } from './worker-pool.ts';

export interface DistributedRow {
  way: string;
  tasks: 'sleepy' | 'trivial';
  runMs: number;
}

const TASK_SLOTS = 8;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function timed(samples: number, once: () => Promise<void>): Promise<number> {
  await once(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const check = (status: string, output: unknown): void => {
  if (status !== 'done' || output !== mapAnswer(MAP_WIDTH)) throw new Error(`map run ended ${status} ${String(output)}`);
};

export async function measureDistributed(
  store: CheckpointStore,
  workerCounts: readonly number[],
  samples: number,
): Promise<DistributedRow[]> {
  const rows: DistributedRow[] = [];
  for (const tasks of ['sleepy', 'trivial'] as const) {
    const g = queueTargets[tasks === 'sleepy' ? 'wideSleepy' : 'wideTrivial'].withStore(store);
    const runMs = await timed(samples, async () => {
      const r = await g.run(MAP_WIDTH, { threadId: randomUUID() });
      check(r.status, r.status === 'done' ? r.output : undefined);
    });
    rows.push({ way: 'in-process (no dispatcher)', tasks, runMs });
  }
  for (const workers of workerCounts) {
    const name = `bench-queue-map-${randomUUID().slice(0, 8)}`;
    const pool = await startWorkers(name, workers, TASK_SLOTS);
    const queue = new WeftQueue<typeof queueTargets>({ queue: name, connection: redisConnection() });
    try {
      for (const tasks of ['sleepy', 'trivial'] as const) {
        const target = tasks === 'sleepy' ? 'wideSleepy' : 'wideTrivial';
        const runMs = await timed(samples, async () => {
          const r = await (await queue.run(target, MAP_WIDTH, { jobOptions: { removeOnComplete: true } })).result();
          check(r.status, r.status === 'done' ? r.output : undefined);
        });
        rows.push({ way: `queue, ${workers} worker process${workers === 1 ? '' : 'es'} × ${TASK_SLOTS} task slots`, tasks, runMs });
      }
    } finally {
      await queue.close();
      await pool.stop();
    }
  }
  return rows;
}
