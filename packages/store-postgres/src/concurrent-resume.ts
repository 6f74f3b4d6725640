import { WeftError } from '@weft/graph';

/** The expected-version failure, worded like MemoryStore's so logs read the same whichever store is used. */
export function concurrentResume(threadId: string, seq: number, actual: number): WeftError {
  return new WeftError(
    'CONCURRENT_RESUME',
    `thread "${threadId}" is at version ${actual}, but this write expected ${seq - 1}: another run continued the thread first; load its latest checkpoint and try again`,
    { details: { threadId, expected: seq - 1, actual } },
  );
}

/** A checkpoint id written twice into one thread: entries are never overwritten. */
export function duplicateId(threadId: string, id: string, cause: unknown): WeftError {
  return new WeftError(
    'CONCURRENT_RESUME',
    `thread "${threadId}" already has a checkpoint "${id}": checkpoints are never overwritten; another run wrote it first`,
    { cause, details: { threadId, id } },
  );
}

/** An attempt to prune a thread's latest checkpoint: the head is what keeps the thread's version from going back. */
export function headNotDeletable(threadId: string, headId: string): WeftError {
  return new WeftError(
    'INVALID_ARGUMENT',
    `checkpoint "${headId}" is the latest of thread "${threadId}" and cannot be pruned; delete the whole thread with delete() instead`,
    { details: { threadId, checkpointId: headId } },
  );
}
