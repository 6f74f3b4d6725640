import { WaitingChildrenError, type Job, type Queue } from 'bullmq';
import { QueueError } from './errors.ts';
import type { WeftJobData } from './job-data.ts';
import { versionQueueName } from './version-queue.ts';

/** The version a thread is pinned to, as GRAPH_VERSION_PINNED's details name it. */
export interface PinnedVersion {
  hash: string;
  version?: string | undefined;
}

/** Opens (once) the queue of a version's pinned jobs; the worker closes them. */
export type VersionQueues = (name: string) => Queue<WeftJobData>;

/**
 * Hands a job whose thread is pinned to a version this worker does not serve
 * to that version's queue, as a BullMQ flow child of the job, and parks the
 * job in `waiting-children` until the child ends: nothing polls, and nothing
 * is lost when no worker serves the version yet — the child waits in its
 * queue, visible, until one starts. The child runs for this job (`forJob`):
 * it publishes to this job's events and its checkpoints name this job, so a
 * reader of the job sees one run. Its failure fails this job
 * (`failParentOnFailure`) after it wrote the `failed` entry readers wait for.
 * The child's id comes from the job and the version's hash: a worker that
 * died after adding it and is redelivered adds no second one.
 */
export async function routeToVersion<Summary>(
  job: Job<WeftJobData, Summary>,
  token: string | undefined,
  data: WeftJobData,
  pinned: PinnedVersion,
  to: { prefix: string; queue: string; queues: VersionQueues },
): Promise<Summary> {
  const queue = to.queues(versionQueueName(to.queue, data.target, pinned.hash, pinned.version));
  await queue.add(
    data.target,
    { ...data, forJob: data.forJob ?? job.id! },
    {
      jobId: `${job.id!}.${pinned.hash}`,
      parent: { id: job.id!, queue: job.queueQualifiedName },
      failParentOnFailure: true,
      attempts: job.opts.attempts ?? 1,
      ...(job.opts.backoff === undefined ? {} : { backoff: job.opts.backoff }),
    },
  );
  if (token !== undefined && (await job.moveToWaitingChildren(token)))
    throw new WaitingChildrenError(`job ${job.id} waits for a worker of version ${pinned.version ?? pinned.hash} of "${data.target}"`);
  // The child ended before this job could wait for it.
  const summary = await routedOutcome(job, token, { prefix: to.prefix, queue: to.queue });
  if (summary) return summary;
  throw new WaitingChildrenError(`job ${job.id} waits for its version's job`);
}

/**
 * What a job that was routed to its thread's version ended with: its child's
 * summary once the child completed (BullMQ gives the parent back to its queue
 * then); a child still open sends the job back to `waiting-children`.
 * Undefined for a job that was never routed. Only children in a version
 * queue of this queue count (`<prefix>:<queue>@…`): a run's distributed
 * tasks are children too.
 */
export async function routedOutcome<Summary>(
  job: Job<WeftJobData, Summary>,
  token: string | undefined,
  main: { prefix: string; queue: string },
): Promise<Summary | undefined> {
  const routed = (key: string) => key.startsWith(`${main.prefix}:${main.queue}@`);
  const read = async () => {
    const { processed = {}, unprocessed = [] } = await job.getDependencies();
    const done = Object.entries(processed).filter(([key]) => routed(key));
    return { last: done[done.length - 1]?.[1] as unknown, open: unprocessed.some(routed) };
  };
  let { last, open } = await read();
  if (open) {
    if (token !== undefined && (await job.moveToWaitingChildren(token)))
      throw new WaitingChildrenError(`job ${job.id} still waits for its version's job`);
    // Its child ended between the two reads.
    ({ last, open } = await read());
    if (open) throw new QueueError('QUEUE_JOB_FAILED', `job ${job.id} could not wait for its version's job; it is tried again`);
  }
  return typeof last === 'string' ? (JSON.parse(last) as Summary) : (last as Summary | undefined);
}
