import type { CheckpointEntry, CheckpointRow as StoredRow } from '@weft/checkpoint';

/** A `checkpoints` row as pg returns it: bigint comes back as a string, bytea as a Buffer. */
export interface CheckpointRow extends StoredRow {
  created_at: string;
  bytes: Buffer;
}

export const ENTRY_COLUMNS = 'thread_id, seq, id, parent_id, step, status, created_at, bytes';

/** Parameters for an insert, in ENTRY_COLUMNS order. The bytes are copied: a caller may reuse its buffer once put() returns. */
export function entryToParams(e: CheckpointEntry): unknown[] {
  return [e.threadId, e.seq, e.id, e.parentId, e.step, e.status, e.createdAt, Buffer.from(e.bytes)];
}
