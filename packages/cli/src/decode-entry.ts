import { checkEntryMeta, decodeCheckpoint, type CheckpointEntry, type CheckpointRecord } from '@weft/graph';

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
 * the good ones. A row whose record is another checkpoint's (another seq,
 * step, parent or status than the store lists) is as unreadable as a
 * damaged one: a run would refuse to load it too.
 */
export function decodeEntry(entry: CheckpointEntry): { record: CheckpointRecord } | { failure: DecodeFailure } {
  try {
    const record = decodeCheckpoint(entry.bytes, `thread "${entry.threadId}" checkpoint "${entry.id}"`);
    checkEntryMeta(entry, record, entry.threadId);
    return { record };
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
