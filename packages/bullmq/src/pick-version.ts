import { decodeCheckpoint, type CheckpointEntry } from '@weft/graph';
import type { WorkerTarget } from './worker-target.ts';

/**
 * Which of a target's versions (oldest first) runs a job: the one that wrote
 * the checkpoint it continues — the same structure hash, and the same label
 * when the version has one (as the graph itself judges a thread `current`) —
 * else the newest, which continues, migrates, refuses or pins the thread as
 * its `onGraphMismatch` says. A new thread (no checkpoint) takes the newest.
 *
 * @example
 * const target = pickVersion([supportV1, supportV2], await store.get(threadId)); // supportV1 for a thread v1 wrote
 */
export function pickVersion(versions: readonly WorkerTarget[], from: CheckpointEntry | undefined): WorkerTarget {
  const newest = versions[versions.length - 1]!;
  if (versions.length === 1 || from === undefined) return newest;
  const { hash, version } = decodeCheckpoint(from.bytes, `${from.threadId}/${from.id}`);
  const wrote = versions.find((v) => v.graph.hash === hash && (v.graph.version === undefined || v.graph.version === version));
  return wrote ?? newest;
}
