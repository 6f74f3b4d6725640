import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import type { CheckpointEntry } from './checkpoint-store.ts';

/**
 * Checks that a stored entry holds its own record: the same id and thread,
 * and the same seq, step, parent and status as the store lists it under.
 * A store that serves an older row under a newer seq (rows lost from an
 * index, one table restored from a backup) would otherwise roll the thread
 * back silently: a run would continue from the older state at the newer
 * version and run finished steps again. Throws CHECKPOINT_CORRUPT. Fields a
 * store leaves out of its entries (other than seq) are not compared.
 */
export function checkEntryMeta(entry: CheckpointEntry, record: CheckpointRecord, threadId: string): void {
  if (record.id !== entry.id || record.threadId !== threadId) {
    throw new WeftError<CheckpointErrorCode>(
      'CHECKPOINT_CORRUPT',
      `checkpoint "${entry.id}" of thread "${threadId}" holds another checkpoint's record`,
      {
        details: { threadId, checkpointId: entry.id },
      },
    );
  }
  const field = differingField(entry, record);
  if (field === undefined) return;
  const show = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));
  throw new WeftError<CheckpointErrorCode>(
    'CHECKPOINT_CORRUPT',
    `checkpoint "${entry.id}" of thread "${threadId}" is stored with ${field} ${show(entry[field])} but its record has ${field} ${show(record[field])}: the store's index and its data disagree, and loading it could roll the thread back, so nothing was run; restore the store from a backup, or list the thread's checkpoints (history) and fork from one that loads`,
    {
      details: {
        threadId,
        checkpointId: entry.id,
        field,
        stored: { seq: entry.seq, step: entry.step, parentId: entry.parentId, status: entry.status },
        record: { seq: record.seq, step: record.step, parentId: record.parentId, status: record.status },
      },
    },
  );
}

function differingField(entry: CheckpointEntry, record: CheckpointRecord): 'seq' | 'step' | 'parentId' | 'status' | undefined {
  if (entry.seq !== record.seq) return 'seq';
  if (entry.step !== undefined && entry.step !== record.step) return 'step';
  if (entry.parentId !== undefined && entry.parentId !== record.parentId) return 'parentId';
  if (entry.status !== undefined && entry.status !== record.status) return 'status';
  return undefined;
}
