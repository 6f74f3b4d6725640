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
 * continuing one thread. Entries are never overwritten.
 */
export interface CheckpointStore {
  put(entry: CheckpointEntry): Promise<void>;
  /** The given checkpoint, or the thread's latest; undefined when absent. */
  get(threadId: string, checkpointId?: string): Promise<CheckpointEntry | undefined>;
  /** Newest first. */
  list(threadId: string, options?: ListOptions): Promise<CheckpointEntry[]>;
  delete(threadId: string): Promise<void>;
  /** Every thread with its latest checkpoint, most recently updated first. */
  threads(): Promise<ThreadSummary[]>;
}
