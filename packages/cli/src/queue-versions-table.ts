import { formatTable } from './format-table.ts';
import type { QueueVersion } from './load-bullmq.ts';

/**
 * `weft worker --versions`: a queue's threads by the version of their target
 * that wrote their latest checkpoint (`queue.versions()`), one row per
 * target and version — threads still open (paused, stopped, running), done,
 * and jobs waiting in the version's queue. A version with no open thread and
 * no waiting job can be retired (its `--also` module, its pinned workers),
 * unless its done threads get new runs: those run on the version that wrote
 * them too, and with `onGraphMismatch: 'pin'` would wait for a worker of it.
 */
export function queueVersionsTable(versions: readonly QueueVersion[]): string {
  if (versions.length === 0) return 'no threads written by this queue’s workers\n';
  const rows = versions.map((v) => [
    v.target,
    v.graph,
    v.version ?? '-',
    v.hash.slice(0, 8),
    String(v.threads),
    String(v.done),
    String(v.waitingJobs),
  ]);
  return formatTable(['target', 'graph', 'version', 'hash', 'open', 'done', 'waiting jobs'], rows, { right: [4, 5, 6] });
}
