import type { CheckpointEntry, CheckpointRow as StoredRow } from '@weft/checkpoint';
import { bytesChecksum, rowChecksum } from './row-checksum.ts';

/** A `checkpoints` row as better-sqlite3 returns it (BLOBs come back as fresh Buffers), with its checksums. */
export interface CheckpointRow extends StoredRow {
  created_at: number;
  bytes: Buffer;
  bytes_crc: number;
  row_crc: number;
}

export const ROW_COLUMNS = 'thread_id, seq, id, parent_id, step, status, created_at, bytes, bytes_crc, row_crc';

/** Named parameters for the INSERT; binds the caller's bytes without copying (SQLite copies them). */
export function entryToParams(e: CheckpointEntry): CheckpointRow {
  const row = {
    thread_id: e.threadId,
    seq: e.seq,
    id: e.id,
    parent_id: e.parentId,
    step: e.step,
    status: e.status,
    created_at: e.createdAt,
    bytes: Buffer.from(e.bytes.buffer, e.bytes.byteOffset, e.bytes.byteLength),
    bytes_crc: bytesChecksum(e.bytes),
    row_crc: 0,
  };
  row.row_crc = rowChecksum(row);
  return row;
}
