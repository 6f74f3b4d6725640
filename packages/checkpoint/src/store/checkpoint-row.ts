import type { CheckpointStatus } from '../record/checkpoint-record.ts';
import type { CheckpointEntry, ThreadSummary } from './checkpoint-store.ts';

/**
 * A stored checkpoint as SQL stores keep it (one column per field,
 * snake_case). `created_at` may come back as a string (a SQL bigint).
 */
export interface CheckpointRow {
  thread_id: string;
  seq: number;
  id: string;
  parent_id: string | null;
  step: number;
  status: string;
  created_at: number | string;
  bytes: Uint8Array;
}

/** A row as a CheckpointEntry; the bytes are passed on as they are (drivers hand out fresh buffers). */
export function entryFromRow(row: CheckpointRow): CheckpointEntry {
  return {
    threadId: row.thread_id,
    id: row.id,
    parentId: row.parent_id,
    seq: row.seq,
    step: row.step,
    status: row.status as CheckpointStatus,
    createdAt: Number(row.created_at),
    bytes: row.bytes,
  };
}

/** A thread's latest row as a ThreadSummary. */
export function summaryFromRow(row: Omit<CheckpointRow, 'bytes' | 'parent_id'>): ThreadSummary {
  return {
    threadId: row.thread_id,
    seq: row.seq,
    headId: row.id,
    step: row.step,
    status: row.status as CheckpointStatus,
    updatedAt: Number(row.created_at),
  };
}
