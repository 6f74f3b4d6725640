import type { CheckpointEntry, CheckpointRow as StoredRow } from '@weft/graph';

/** A `checkpoints` row as better-sqlite3 returns it (BLOBs come back as fresh Buffers). */
export interface CheckpointRow extends StoredRow {
  created_at: number;
  bytes: Buffer;
}

export const ROW_COLUMNS = 'thread_id, seq, id, parent_id, step, status, created_at, bytes';

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
