import type { CheckpointEntry, CheckpointStatus, ThreadSummary } from '@weft/graph';

/** A `checkpoints` row as pg returns it: bigint comes back as a string, bytea as a Buffer. */
export interface CheckpointRow {
  thread_id: string;
  seq: number;
  id: string;
  parent_id: string | null;
  step: number;
  status: string;
  created_at: string;
  bytes: Buffer;
}

export const ENTRY_COLUMNS = 'thread_id, seq, id, parent_id, step, status, created_at, bytes';

export function rowToEntry(row: CheckpointRow): CheckpointEntry {
  return {
    threadId: row.thread_id,
    id: row.id,
    parentId: row.parent_id,
    seq: row.seq,
    step: row.step,
    status: row.status as CheckpointStatus,
    createdAt: Number(row.created_at),
    // pg builds a new Buffer for every result, so the caller cannot reach the store's data through it.
    bytes: row.bytes,
  };
}

export function rowToSummary(row: Omit<CheckpointRow, 'bytes' | 'parent_id'>): ThreadSummary {
  return {
    threadId: row.thread_id,
    seq: row.seq,
    headId: row.id,
    step: row.step,
    status: row.status as CheckpointStatus,
    updatedAt: Number(row.created_at),
  };
}

/** Parameters for an insert, in ENTRY_COLUMNS order. The bytes are copied: a caller may reuse its buffer once put() returns. */
export function entryToParams(e: CheckpointEntry): unknown[] {
  return [e.threadId, e.seq, e.id, e.parentId, e.step, e.status, e.createdAt, Buffer.from(e.bytes)];
}
