import { decodeCheckpoint, type CheckpointEntry, type CheckpointRecord } from '@weft/graph';

/** Why a stored checkpoint could not be read: the decoder's code (CHECKPOINT_CORRUPT, CHECKPOINT_VERSION) and message. */
export interface DecodeFailure {
  code: string;
  message: string;
  /** The decoder's error itself. */
  error: unknown;
}

/**
 * Decodes one stored checkpoint, or says why it cannot be: for listings
 * (`weft history`, `weft threads`), where one damaged row must not hide
 * the good ones.
 */
export function decodeEntry(entry: CheckpointEntry): { record: CheckpointRecord } | { failure: DecodeFailure } {
  try {
    return { record: decodeCheckpoint(entry.bytes, `thread "${entry.threadId}" checkpoint "${entry.id}"`) };
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    return {
      failure: {
        code: typeof code === 'string' ? code : 'CHECKPOINT_CORRUPT',
        message: err instanceof Error ? err.message : String(err),
        error: err,
      },
    };
  }
}
