import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { CheckpointStore } from '@weft/graph';
import { WeftQueue, WeftWorker, type WeftQueueOptions, type WeftTargets, type WeftWorkerOptions } from '../src/index.ts';
import { redisConnection, sqliteFile, uniqueQueue } from './redis-env.ts';

/** Quick BullMQ timings: a job whose worker stopped renewing its lock is taken back within about a second. */
export const FAST_STALLS = { lockDuration: 1_000, stalledInterval: 300 } as const;

/**
 * One test's queue: a unique name on the test Redis, a SQLite file every
 * worker's store opens (as processes on one machine would), and the workers
 * and queues made for it, all closed (and the queue's keys deleted) by `dispose`.
 */
export function queueFixture(prefix = 'test') {
  const name = uniqueQueue(prefix);
  const file = sqliteFile();
  const workers: WeftWorker<any>[] = [];
  const queues: WeftQueue<any>[] = [];
  const more: string[] = [];
  return {
    name,
    /** The SQLite file, for a worker in another process. */
    dbPath: file.path,
    journal: file.path.replace(/weft\.db$/, 'journal.ndjson'),
    /** A store on the test's SQLite file (each call opens another connection to it). */
    store: (leaseTtlMs?: number): CheckpointStore => file.open(leaseTtlMs),
    worker<T extends WeftTargets>(options: Omit<WeftWorkerOptions<T>, 'queue' | 'connection'>): WeftWorker<T> {
      const w = new WeftWorker<T>({ queue: name, connection: redisConnection(), ...options });
      workers.push(w);
      return w;
    },
    queue<T extends WeftTargets = WeftTargets>(options: Partial<Omit<WeftQueueOptions, 'queue'>> = {}): WeftQueue<T> {
      const q = new WeftQueue<T>({ queue: name, connection: redisConnection(), ...options });
      queues.push(q);
      return q;
    },
    /**
     * A worker in another process: `script` (in test-support/) with the
     * test's queue, SQLite file and journal, and the lease time given. It
     * writes a line to stdout when it is ready (`ready`); `exited` is its end.
     */
    workerProcess(script: string, leaseTtlMs: number, env: Record<string, string> = {}) {
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join('test-support', script)], {
        cwd: join(import.meta.dirname, '..'),
        env: {
          ...process.env,
          WEFT_QUEUE: name,
          WEFT_DB: file.path,
          WEFT_JOURNAL: file.path.replace(/weft\.db$/, 'journal.ndjson'),
          WEFT_LEASE_TTL_MS: String(leaseTtlMs),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = once(child, 'exit');
      return { child, exited, ready: once(child.stdout!, 'data') };
    },
    /** Another queue of the test (a version queue) whose keys `dispose` deletes too. */
    track(queue: string): string {
      more.push(queue);
      return queue;
    },
    async dispose(): Promise<void> {
      await Promise.all(queues.map((q) => q.close()));
      await Promise.all(workers.map((w) => w.close({ force: true })));
      for (const queue of [name, `${name}-tasks`, ...more]) {
        const bull = new Queue(queue, { connection: redisConnection() });
        await bull.obliterate({ force: true });
        await bull.close();
      }
      await file.remove();
    },
  };
}
