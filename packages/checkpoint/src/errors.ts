import { WeftError } from '@weft/common';

/**
 * The codes of this package's errors, which every store gives for the same
 * failure (the conformance kit checks them). They are `WeftError`s of
 * @weft/common; `@weft/graph`'s `WeftErrorCode` includes all of them. Check
 * `err.code`, not `instanceof`.
 */
export type CheckpointErrorCode =
  /** A bad argument to a store or codec call (a thread id a store cannot keep, a bad claim, pruning a head). */
  | 'INVALID_ARGUMENT'
  | 'THREAD_NOT_FOUND'
  | 'CHECKPOINT_NOT_FOUND'
  /** The bytes are not a record this format writes (checksum, scan, shape), or a chain no run writes. */
  | 'CHECKPOINT_CORRUPT'
  /** A well-formed checkpoint of another format version. */
  | 'CHECKPOINT_VERSION'
  /** Written by another graph (name or structure hash). */
  | 'CHECKPOINT_GRAPH_MISMATCH'
  /** A value a checkpoint cannot hold (a function, a class instance, a cycle, …). */
  | 'CHECKPOINT_UNSERIALIZABLE'
  | 'CHECKPOINT_TOO_LARGE'
  /** A binary value larger than the per-value limit (maxBlobBytes), refused before anything is stored. */
  | 'CHECKPOINT_VALUE_TOO_LARGE'
  /** An expected-version write that lost: another run continued the thread first. */
  | 'CONCURRENT_RESUME'
  | 'THREAD_BUSY'
  | 'LEASE_LOST'
  /** Checkpoints a store held back (SQLite's 'exit' durability) could not be written. */
  | 'CHECKPOINTS_NOT_WRITTEN'
  /** A value encoded with `encodeValue` that does not decode. */
  | 'VALUE_CORRUPT';

/**
 * The expected-version failure of `put`: every store words it the same, so
 * logs read the same whichever store is used.
 *
 * @example
 * throw concurrentResume('t1', 5, 6); // thread "t1" is at version 6, but this write expected 4: …
 */
export function concurrentResume(threadId: string, seq: number, current: number): WeftError<CheckpointErrorCode> {
  return new WeftError<CheckpointErrorCode>(
    'CONCURRENT_RESUME',
    `thread "${threadId}" is at version ${current}, but this write expected ${seq - 1}: another run continued the thread first; load its latest checkpoint and try again`,
    { details: { threadId, expected: seq - 1, actual: current } },
  );
}

/**
 * The refusal of `deleteCheckpoints` when the ids include the thread's head:
 * the head is what keeps the thread's version from going back.
 *
 * @example
 * if (ids.includes(head.id)) throw headNotDeletable(threadId, head.id);
 */
export function headNotDeletable(threadId: string, headId: string): WeftError<CheckpointErrorCode> {
  return new WeftError<CheckpointErrorCode>(
    'INVALID_ARGUMENT',
    `checkpoint "${headId}" is the latest of thread "${threadId}" and cannot be pruned; delete the whole thread with delete() instead`,
    { details: { threadId, checkpointId: headId } },
  );
}
