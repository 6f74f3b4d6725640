import {
  checkEntryMeta,
  type CheckpointEntry,
  type CheckpointRecord,
  type CheckpointSource,
  type CheckpointStatus,
  type CheckpointStore,
  decodeCheckpoint,
  type InterruptRecord,
  LeaseKeeper,
  processHolder,
} from '@weft/checkpoint';
import { WeftError } from '../errors.ts';

/** What `keep` sees of a checkpoint: its record without the state (rebuilding every state would cost a replay). */
export interface PruneCandidate {
  id: string;
  parentId: string | null;
  seq: number;
  step: number;
  status: CheckpointStatus;
  source: CheckpointSource;
  createdAt: number;
  /** True for a full snapshot, false for a delta against its parent. */
  snapshot: boolean;
  interrupts: InterruptRecord[];
}

export interface PruneOptions {
  /** Keep the thread's newest this many checkpoints (default 10). The latest one is always kept. */
  keepLast?: number;
  /** Keep the checkpoints this returns true for, too. Called once for each checkpoint that decodes, newest first. */
  keep?: (checkpoint: PruneCandidate) => boolean;
}

export interface PruneResult {
  /** Checkpoints left in the thread. */
  kept: number;
  /** Checkpoints the store deleted. */
  deleted: number;
  /** Ids of checkpoints that could not be decoded; they are kept, never deleted. */
  unreadable: string[];
}

const PAGE = 500;
const DELETE_BATCH = 1000;

/**
 * Deletes the checkpoints of a thread that the retention policy does not keep.
 * Kept: the newest `keepLast`, the thread's head, every `interrupted`
 * checkpoint (an open interrupt can always be resumed again), those `keep`
 * returns true for, every checkpoint that cannot be decoded, and everything a
 * kept checkpoint needs to load: its delta chain back to its full snapshot.
 */
export async function pruneThread(
  store: CheckpointStore,
  graph: { name: string; hash: string },
  threadId: string,
  options: PruneOptions = {},
): Promise<PruneResult> {
  const { keepLast, keep } = checkOptions(options);
  // Holding the thread, so that no run or fork writes a checkpoint that depends on one being deleted here.
  const lease = await LeaseKeeper.take(store, threadId, { holder: `${processHolder()} (prune)` });
  try {
    return await pruneHeld(store, graph, threadId, keepLast, keep);
  } finally {
    await lease.release();
  }
}

async function pruneHeld(
  store: CheckpointStore,
  graph: { name: string; hash: string },
  threadId: string,
  keepLast: number,
  keep: PruneOptions['keep'],
): Promise<PruneResult> {
  const entries = await listAll(store, threadId); // newest first
  if (entries.length === 0) throw new WeftError('THREAD_NOT_FOUND', `thread "${threadId}" has no checkpoints`, { details: { threadId } });

  const records = new Map<string, CheckpointRecord>();
  const unreadable: string[] = [];
  for (const entry of entries) {
    const record = tryDecode(entry, threadId);
    if (!record) unreadable.push(entry.id);
    else records.set(entry.id, record);
  }
  // Which checkpoints a kept one needs is a matter of the chain, not of the structure: any version of the graph
  // may prune its threads (a thread resumed after a deploy holds several); another graph may not.
  for (const record of records.values()) {
    if (record.graph !== graph.name) {
      throw new WeftError(
        'CHECKPOINT_GRAPH_MISMATCH',
        `checkpoint "${record.id}" was written by graph "${record.graph}"; this is graph "${graph.name}"; prune the thread with that graph`,
        { details: { threadId, checkpointId: record.id, expected: graph, found: { name: record.graph, hash: record.hash } } },
      );
    }
  }

  const kept = new Set<string>(unreadable);
  entries.slice(0, Math.max(1, keepLast)).forEach((e) => kept.add(e.id));
  for (const record of records.values()) {
    if (keep?.(candidate(record)) || record.status === 'interrupted') kept.add(record.id);
  }
  // Each kept checkpoint's delta chain back to its snapshot. A chain that reaches an
  // unreadable or missing entry, or a parent that is not older (rows no run wrote:
  // loading refuses them), is broken there; that entry itself stays. Seqs only go
  // down along a walk, so it ends even on a loop of parents.
  for (const id of [...kept]) {
    let record = records.get(id);
    while (record && !('full' in record.state) && record.parentId !== null) {
      kept.add(record.parentId);
      const parent = records.get(record.parentId);
      record = parent && parent.seq < record.seq ? parent : undefined;
    }
  }

  const doomed = entries.filter((e) => !kept.has(e.id)).map((e) => e.id);
  let deleted = 0;
  for (let i = 0; i < doomed.length; i += DELETE_BATCH) {
    deleted += await store.deleteCheckpoints(threadId, doomed.slice(i, i + DELETE_BATCH));
  }
  return { kept: entries.length - deleted, deleted, unreadable };
}

function checkOptions(o: PruneOptions): { keepLast: number; keep: PruneOptions['keep'] } {
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `prune(): ${msg}`);
  if (o === null || typeof o !== 'object') throw bad('options must be an object');
  const keepLast = o.keepLast ?? 10;
  if (!Number.isInteger(keepLast) || keepLast < 0) throw bad(`keepLast must be a non-negative integer, got ${String(o.keepLast)}`);
  if (o.keep !== undefined && typeof o.keep !== 'function') throw bad('keep must be a function');
  return { keepLast, keep: o.keep };
}

async function listAll(store: CheckpointStore, threadId: string): Promise<CheckpointEntry[]> {
  const all: CheckpointEntry[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await store.list(threadId, { limit: PAGE, ...(beforeSeq === undefined ? {} : { beforeSeq }) });
    all.push(...page);
    const last = page[page.length - 1];
    if (page.length < PAGE || !last) return all;
    beforeSeq = last.seq;
  }
}

/** The entry's record, or undefined when it does not decode or is not the record the store lists it as. */
function tryDecode(entry: CheckpointEntry, threadId: string): CheckpointRecord | undefined {
  try {
    const record = decodeCheckpoint(entry.bytes, `"${entry.id}" of thread "${threadId}"`);
    checkEntryMeta(entry, record, threadId);
    return record;
  } catch (err) {
    if (err instanceof WeftError && (err.code === 'CHECKPOINT_CORRUPT' || err.code === 'CHECKPOINT_VERSION')) return undefined;
    throw err;
  }
}

function candidate(r: CheckpointRecord): PruneCandidate {
  return {
    id: r.id,
    parentId: r.parentId,
    seq: r.seq,
    step: r.step,
    status: r.status,
    source: r.source,
    createdAt: r.createdAt,
    snapshot: 'full' in r.state,
    interrupts: r.interrupts,
  };
}
