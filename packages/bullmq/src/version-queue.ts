/**
 * The queue of the jobs pinned to one version of a target: a thread that
 * version wrote, whose graph is compiled with `onGraphMismatch: 'pin'`, runs
 * only on a worker serving that version, and every such worker takes jobs
 * from this queue (beside the main queue, unless it is `pinnedOnly`). One
 * queue per target, structure hash and label (a label bump with the same
 * structure is another version), rather than a job name: a BullMQ worker
 * takes any job of its queue, so the queue is what picks the worker. Target
 * and label are URI-encoded because BullMQ refuses ':' in a queue's name.
 *
 * @example
 * versionQueueName('support', 'support', 'c0ffee0123456789', 'v1'); // 'support@support@c0ffee0123456789@v1'
 */
export function versionQueueName(queue: string, target: string, hash: string, version?: string): string {
  const base = `${queue}@${encodeURIComponent(target)}@${hash}`;
  return version === undefined ? base : `${base}@${encodeURIComponent(version)}`;
}
