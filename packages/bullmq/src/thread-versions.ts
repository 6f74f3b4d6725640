import { decodeCheckpoint, type CheckpointStore } from '@weft/graph';
import { Queue, type ConnectionOptions } from 'bullmq';
import { ORIGIN_CONTEXT_KEY, type JobOrigin } from './run-job.ts';
import { versionQueueName } from './version-queue.ts';

/** One version of a target, as the queue's threads use it (`queue.versions()`). */
export interface VersionCount {
  /** The workers' name for the target. */
  target: string;
  /** The graph's name (an agent's is its root agent's). */
  graph: string;
  /** The structure hash of the version. */
  hash: string;
  /** Its label (`compile({ version })`), when it has one. */
  version?: string;
  /**
   * Threads whose latest checkpoint this version wrote and that have not
   * ended: paused at an interrupt, stopped at an error, or running. With
   * `onGraphMismatch: 'pin'` each needs a worker serving this version.
   */
  threads: number;
  /** Threads that ended on it: a new run on one of them (an agent's next turn) runs on this version too. */
  done: number;
  /** Jobs in the version's queue not yet taken (waiting, delayed, prioritized or paused): none of its workers is running. */
  waitingJobs: number;
}

/** Where `threadVersions` looks: the queue (name, prefix, connection) and the store its workers share. */
export interface ThreadVersionsSource {
  queue: string;
  prefix: string;
  connection: ConnectionOptions;
  store: CheckpointStore;
}

/**
 * Counts the threads of a queue by the version of their target that wrote
 * their latest checkpoint, and the jobs waiting in each version's queue: an
 * old version no thread waits on (and no job) can be retired. Only threads
 * the queue's workers wrote count (their checkpoints name the queue and
 * target). Cost: one `store.threads()` listing, one head read and decode per
 * thread, and one Redis count per version. Sorted by target, then label or hash.
 */
export async function threadVersions(source: ThreadVersionsSource): Promise<VersionCount[]> {
  const counts = new Map<string, VersionCount>();
  for (const summary of await source.store.threads()) {
    const head = await source.store.get(summary.threadId);
    if (!head) continue; // deleted since the listing
    const record = decodeCheckpoint(head.bytes, `${head.threadId}/${head.id}`);
    const origin = record.context[ORIGIN_CONTEXT_KEY] as Partial<JobOrigin> | undefined;
    if (origin?.queue !== source.queue || origin.prefix !== source.prefix || typeof origin.target !== 'string') continue;
    const key = JSON.stringify([origin.target, record.hash, record.version ?? null]);
    const count = counts.get(key) ?? {
      target: origin.target,
      graph: record.graph,
      hash: record.hash,
      ...(record.version === undefined ? {} : { version: record.version }),
      threads: 0,
      done: 0,
      waitingJobs: 0,
    };
    if (record.status === 'done') count.done++;
    else count.threads++;
    counts.set(key, count);
  }
  const list = [...counts.values()].sort(
    (a, b) => cmp(a.target, b.target) || cmp(a.version ?? a.hash, b.version ?? b.hash) || cmp(a.hash, b.hash),
  );
  const waiting = new Map<string, number>();
  for (const c of list) {
    const name = versionQueueName(source.queue, c.target, c.hash, c.version);
    if (!waiting.has(name)) waiting.set(name, await waitingIn(name, source));
    c.waitingJobs = waiting.get(name)!;
  }
  return list;
}

async function waitingIn(name: string, source: ThreadVersionsSource): Promise<number> {
  const queue = new Queue(name, { connection: source.connection, prefix: source.prefix });
  try {
    const counts = await queue.getJobCounts('waiting', 'delayed', 'prioritized', 'paused');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  } finally {
    await queue.close();
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
