import type { CheckpointEntry, CheckpointStatus, ThreadSummary } from '@weft/graph';

/** A `checkpoints` row as better-sqlite3 returns it (BLOBs come back as fresh Buffers). */
export interface CheckpointRow {
  thread_id: string;
  seq: number;
  id: string;
  parent_id: string | null;
  step: number;
  status: string;
  created_at: number;
  bytes: Buffer;
}

export const ROW_COLUMNS = 'thread_id, seq, id, parent_id, step, status, created_at, bytes';

/** better-sqlite3 copies each BLOB into a new Buffer, so the entry's bytes are the caller's to mutate. */
export function rowToEntry(row: CheckpointRow): CheckpointEntry {
  return {
    threadId: row.thread_id,
    id: row.id,
    parentId: row.parent_id,
    seq: row.seq,
    step: row.step,
    status: row.status as CheckpointStatus,
    createdAt: row.created_at,
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
    updatedAt: row.created_at,
  };
}

/** Named parameters for the INSERT; binds the caller's bytes without copying (SQLite copies them). */
export function entryToParams(e: CheckpointEntry): Record<string, unknown> {
  return {
    thread_id: e.threadId,
    seq: e.seq,
    id: e.id,
    parent_id: e.parentId,
    step: e.step,
    status: e.status,
    created_at: e.createdAt,
    bytes: Buffer.from(e.bytes.buffer, e.bytes.byteOffset, e.bytes.byteLength),
  };
}
