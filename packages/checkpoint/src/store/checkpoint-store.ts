import type { CheckpointMeta, CheckpointStatus } from '../record/checkpoint-record.ts';
import type { StoredBlob } from '../blob/blob-ref.ts';
import type { StoredGraph } from './stored-graph.ts';
import type { ClaimOptions, StopRequestOptions, ThreadLease } from './thread-lease.ts';

/** One stored checkpoint: its encoded bytes plus what listing needs without decoding. */
export interface CheckpointEntry extends CheckpointMeta {
  bytes: Uint8Array;
  /**
   * On `put`: the blobs the checkpoint refers to, each once (their hashes are
   * the checkpoint's references). The store keeps each blob once per thread
   * and writes them with the checkpoint, all or nothing. Entries a store
   * returns leave it out: blobs are read with `getBlobs`.
   */
  blobs?: readonly StoredBlob[];
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
 * Storage for checkpoints, and the lease that lets one runner at a time work
 * on a thread.
 *
 * `put` is an expected-version write: it succeeds only when `entry.seq` is
 * exactly one more than the thread's current version (1 for a new thread), and
 * otherwise rejects with a `CONCURRENT_RESUME` WeftError without writing
 * anything. Entries are never overwritten; pruning (`deleteCheckpoints`) leaves
 * gaps in `seq` but never removes the head.
 *
 * The lease (`claimThread`, `renewThread`, `releaseThread`, `threadLease`) is
 * what runs take before anything else, so that two callers — in one process or
 * on two machines — never both run a thread's nodes. It lives beside the
 * checkpoints, not in them: claiming writes no checkpoint. The version check of
 * `put` stays the last line of defence: a holder whose lease was taken over
 * fails at its next write, because the new holder writes first.
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
  /**
   * Optional: the thread's blobs with these hashes (sha-256, hex), in one read;
   * hashes it does not hold are absent from the map. A store that has it keeps
   * the `blobs` of a put: once per thread by hash (a second put of the same
   * blob, from this writer or a racing one, stores nothing more), in the same
   * transaction as the checkpoint (a refused put leaves no blob behind), and
   * drops a blob once no checkpoint of the thread refers to it (after
   * `deleteCheckpoints`, and with the thread in `delete`). Without it, a graph
   * keeps binary values inside the checkpoint.
   */
  getBlobs?(threadId: string, hashes: readonly string[]): Promise<Map<string, Uint8Array>>;
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
  /**
   * Takes the thread's lease, atomically: when nobody holds it, when the
   * holder's lease has expired, or with `takeOver`. Otherwise rejects with a
   * `THREAD_BUSY` WeftError (details: holder, since, expiresAt) and changes
   * nothing. A thread needs no checkpoints to be claimed.
   */
  claimThread(threadId: string, options: ClaimOptions): Promise<ThreadLease>;
  /**
   * Extends a held lease by its `ttlMs` from now and resolves to the renewed
   * lease. Rejects with `LEASE_LOST` when the thread is no longer held under
   * this token (taken over, released, or expired and claimed by someone else);
   * an expired lease nobody else claimed is renewed.
   */
  renewThread(lease: ThreadLease): Promise<ThreadLease>;
  /**
   * Gives the lease up. A no-op when this token no longer holds it: it never
   * frees someone else's. A store that holds checkpoints back (writing them
   * when the lease is released, as SqliteStore's 'exit' durability does)
   * rejects with CHECKPOINTS_NOT_WRITTEN or CONCURRENT_RESUME when it could
   * not write them; the run then reports that failure. Runs ignore any other
   * rejection: the lease expires on its own.
   */
  releaseThread(lease: ThreadLease): Promise<void>;
  /** The thread's lease while it is held and unexpired; undefined otherwise. */
  threadLease(threadId: string): Promise<ThreadLease | undefined>;
  /**
   * Optional: asks whoever holds the thread to stop (a new input arrived, see
   * `multitask` in @weft/graph's run options). Marks the current unexpired
   * lease with `stopRequested` and resolves to the lease it marked, or
   * undefined when nobody holds the thread (nothing is written then). An
   * earlier request on the same lease stays as it was (the holder is already
   * stopping for it). `renewThread` and `threadLease` return the mark, so the
   * holder learns at its next renewal; a new claim clears it. Bad arguments
   * are refused with INVALID_ARGUMENT.
   */
  requestStop?(threadId: string, request: StopRequestOptions): Promise<ThreadLease | undefined>;
  /**
   * Optional: keeps a compiled graph's description, so a checkpoint can be
   * read against the graph that wrote it after the code has changed (the
   * runtime stores each graph the first time a run of the process writes a
   * thread with it). Idempotent by (name, hash): the first write wins, and a
   * later write of the same name and hash changes nothing, whatever its
   * `json`, `version` or `createdAt`, also when two processes write at once
   * (exactly one row is kept). A graph `checkStoredGraph` refuses is
   * rejected with INVALID_ARGUMENT and nothing is stored. Graph versions
   * belong to no thread: `delete` and `deleteCheckpoints` leave them.
   * All three graph methods come together: a store has all or none.
   */
  putGraph?(graph: StoredGraph): Promise<void>;
  /** Optional: the stored graph with this name and hash, as first written; undefined when there is none. */
  getGraph?(name: string, hash: string): Promise<StoredGraph | undefined>;
  /**
   * Optional: the stored graphs, of one name when `name` is given, oldest
   * first: by `createdAt`, then by `hash`, then by `name` (compared by code
   * point, as every store compares them).
   */
  graphs?(name?: string): Promise<StoredGraph[]>;
}
