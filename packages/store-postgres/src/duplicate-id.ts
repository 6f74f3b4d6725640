import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '@weft/checkpoint';

/** A checkpoint id written twice into one thread: entries are never overwritten. */
export function duplicateId(threadId: string, id: string, cause: unknown): WeftError<CheckpointErrorCode> {
  return new WeftError<CheckpointErrorCode>(
    'CONCURRENT_RESUME',
    `thread "${threadId}" already has a checkpoint "${id}": checkpoints are never overwritten; another run wrote it first`,
    { cause, details: { threadId, id } },
  );
}
