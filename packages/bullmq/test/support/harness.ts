import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WeftQueue, type WeftJob } from '@weft/bullmq';
import type { GraphEvent, RunResult } from '@weft/graph';
import { PostgresStore } from '@weft/store-postgres';
import { Queue } from 'bullmq';
import { approvalGraph, chainGraph, mapGraph } from '../fixtures/journal-graphs.ts';
import type { Services } from './services.ts';
import { WorkerFleet, type WorkerEnv } from './worker-fleet.ts';

/** What the worker processes serve (see worker-process.ts): types the queue's inputs and results. */
export type TestTargets = {
  chain: ReturnType<typeof chainGraph>;
  slow: ReturnType<typeof chainGraph>;
  approval: ReturnType<typeof approvalGraph>;
  map: ReturnType<typeof mapGraph>;
};

/** What a distributed test works with: its own queue, schema, journal and worker processes. */
export interface Harness {
  /** Unique per test: prefixes the queue name, the schema and the thread ids. */
  tag: string;
  dir: string;
  journal: string;
  store: PostgresStore;
  queue: WeftQueue<TestTargets>;
  /** BullMQ's own view of the queue, for its job counts. */
  bull: Queue;
  /** The queue's task queue (distributed steps' tasks). */
  tasks: Queue;
  fleet: WorkerFleet;
  /** Waiting, active, delayed, prioritized, paused or failed jobs, of the queue and its task queue (`tasks.`): must all be 0 at the end. */
  leftovers(): Promise<Record<string, number>>;
  /**
   * Polls `leftovers()` until it is empty or `ms` pass; resolves to the last counts. A job whose worker
   * lost its BullMQ lock (killed, or Redis gone) stays active after its run ended until a live worker's
   * stalled check takes it back and a redelivery completes it: the queue drains only while workers run.
   */
  drained(ms: number): Promise<Record<string, number>>;
  /** Kills leftover workers, closes the clients, drops the schema and the queue; keeps the dir (worker logs) when asked. */
  dispose(keepDir: boolean): Promise<void>;
}

export const connectionOf = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 6379) };
};

export async function createHarness(services: Services, name: string, tuning: Partial<WorkerEnv> = {}): Promise<Harness> {
  const tag = `${name}_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), `weft-${name}-`));
  const journal = join(dir, 'journal.ndjson');
  writeFileSync(journal, '');
  const schema = `weft_bullmq_${tag}`;
  const store = new PostgresStore({ connectionString: services.pgUrl, schema, max: 4 });
  await store.migrate(); // before the workers start, so they do not queue on the migration lock
  const connection = connectionOf(services.redisUrl);
  const queue = new WeftQueue<TestTargets>({ queue: tag, connection, store });
  const bull = new Queue(tag, { connection });
  bull.on('error', () => {}); // connection errors while Redis restarts; the client reconnects by itself
  const tasks = new Queue(`${tag}-tasks`, { connection });
  tasks.on('error', () => {});
  const env: WorkerEnv = {
    WEFT_REDIS_URL: services.redisUrl,
    WEFT_PG_URL: services.pgUrl,
    WEFT_PG_SCHEMA: schema,
    WEFT_QUEUE: tag,
    WEFT_JOURNAL: journal,
    ...tuning,
  };
  const fleet = new WorkerFleet(env, dir);
  const states = ['waiting', 'active', 'delayed', 'prioritized', 'paused', 'failed', 'waiting-children'] as const;
  const leftovers = async () => {
    const counts = await bull.getJobCounts(...states);
    const taskCounts = await tasks.getJobCounts(...states);
    return Object.fromEntries(
      [...Object.entries(counts), ...Object.entries(taskCounts).map(([k, n]) => [`tasks.${k}`, n] as const)].filter(([, n]) => n > 0),
    );
  };
  return {
    tag,
    dir,
    journal,
    store,
    queue,
    bull,
    tasks,
    fleet,
    leftovers,
    async drained(ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const left = await leftovers();
        if (Object.keys(left).length === 0 || Date.now() > deadline) return left;
        await sleep(200);
      }
    },
    async dispose(keepDir) {
      await fleet.killAll();
      await queue.close();
      await bull.obliterate({ force: true }).catch(() => {});
      await bull.close();
      await tasks.obliterate({ force: true }).catch(() => {});
      await tasks.close();
      await store.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await store.close();
      if (keepDir) console.warn(`kept ${dir} (journal and worker logs)`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A queued `chain` thread: its number (the input), its thread and its job. */
export interface ChainJob {
  threadId: string;
  n: number;
  job: WeftJob<GraphEvent, RunResult<string>>;
}

/** Enqueues `count` more `chain` threads, numbered on from `jobs.length`, and adds them to `jobs`. */
export async function enqueueChains(h: Harness, jobs: ChainJob[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const n = jobs.length;
    const threadId = `${h.tag}-t${n}`;
    jobs.push({ threadId, n, job: await h.queue.run('chain', n, { threadId }) });
  }
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** Rejects with `what` after `ms`, so a stuck job fails the test with a message instead of its timeout. */
export function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not done after ${ms} ms`)), ms)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
