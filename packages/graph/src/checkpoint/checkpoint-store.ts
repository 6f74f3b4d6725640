import type { CheckpointMeta, CheckpointStatus } from './checkpoint-record.ts';

/** One stored checkpoint: its encoded bytes plus what listing needs without decoding. */
export interface CheckpointEntry extends CheckpointMeta {
  bytes: Uint8Array;
}

export interface ListOptions {
  /** At most this many entries (default: all). */
  limit?: number;
  /** Only entries with a smaller `seq` (paging backwards). */
  beforeSeq?: number;
}

export interface ThreadSummary {
  threadId: string;
  seq: number;
  headId: string;
  step: number;
  status: CheckpointStatus;
  updatedAt: number;
}

/**
 * Storage for checkpoints. `put` is an expected-version write: it succeeds only
 * when `entry.seq` is exactly one more than the thread's current version (1 for
 * a new thread), and otherwise rejects with a `CONCURRENT_RESUME` WeftError
 * without writing anything. That check is what stops two processes from both
 * continuing one thread. Entries are never overwritten; pruning
 * (`deleteCheckpoints`) leaves gaps in `seq` but never removes the head.
 */
export interface CheckpointStore {
  put(entry: CheckpointEntry): Promise<void>;
  /**
   * Optional: `put`, done before it returns (failures are thrown, with the same
   * codes). A store that writes synchronously anyway (in memory, an embedded
   * database) offers it so that a run does not wait on a promise per step.
   */
  putSync?(entry: CheckpointEntry): void;
  /** The given checkpoint, or the thread's latest; undefined when absent. */
  get(threadId: string, checkpointId?: string): Promise<CheckpointEntry | undefined>;
  /**
   * Optional: the given checkpoint followed by its ancestors (by `parentId`),
   * nearest first, at most `limit` entries; empty when the checkpoint is absent.
   * A store with a round trip per query implements it so that rebuilding a
   * state from a snapshot and its deltas takes one query instead of one per
   * link; without it, loading falls back to `get` per link.
   */
  chain?(threadId: string, checkpointId: string, limit: number): Promise<CheckpointEntry[]>;
  /** Newest first. */
  list(threadId: string, options?: ListOptions): Promise<CheckpointEntry[]>;
  delete(threadId: string): Promise<void>;
  /**
   * Deletes the given checkpoints of one thread (pruning) and resolves to how
   * many were deleted. Unknown ids are ignored; other threads are never touched.
   * The thread's latest checkpoint (its head) cannot be deleted: that keeps the
   * thread's version monotonic for later puts. When `ids` contains the head the
   * call rejects with an `INVALID_ARGUMENT` WeftError and deletes nothing.
   */
  deleteCheckpoints(threadId: string, ids: readonly string[]): Promise<number>;
  /** Every thread with its latest checkpoint, most recently updated first. */
  threads(): Promise<ThreadSummary[]>;
}
