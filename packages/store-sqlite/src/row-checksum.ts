import { crc32 } from 'node:zlib';

/** The columns of a `checkpoints` row that its checksum covers (`bytes` through `bytes_crc`). */
export interface ChecksummedColumns {
  thread_id: unknown;
  seq: unknown;
  id: unknown;
  parent_id: unknown;
  step: unknown;
  status: unknown;
  created_at: unknown;
  bytes_crc: unknown;
}

/** CRC-32 of a checkpoint's bytes, kept in the row as `bytes_crc`. */
export const bytesChecksum = (bytes: Uint8Array): number => crc32(bytes);

/**
 * CRC-32 of a row's other columns, kept in the row as `row_crc`. It covers
 * `bytes_crc` rather than the bytes, so `threads()` can check a head row
 * without reading its bytes. JSON keeps the columns apart and keeps their
 * types: a seq that came back as text no longer matches.
 */
export function rowChecksum(row: ChecksummedColumns): number {
  return crc32(JSON.stringify([row.thread_id, row.seq, row.id, row.parent_id, row.step, row.status, row.created_at, row.bytes_crc]));
}
