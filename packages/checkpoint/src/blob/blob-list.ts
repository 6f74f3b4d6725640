import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import { BLOB_KEY_BYTES, isBlobHash } from './blob-ref.ts';

/** A list longer than any checkpoint writes (one entry per distinct binary value in one record). */
const MAX_BLOBS = 100_000;

/**
 * Decoded records whose body may hold blob references, with the hashes the
 * body lists. Kept beside the record (not a field of it) so the record's
 * shape, which subgraph checkpoints share, stays as it was; a record leaves
 * this map once its references are resolved (resolve-blobs.ts).
 */
const unresolved = new WeakMap<CheckpointRecord, readonly string[]>();

/** Marks `record` as holding blob references listed by `hashes`. */
export function listBlobs(record: CheckpointRecord, hashes: readonly string[]): void {
  unresolved.set(record, hashes);
}

/** The hashes a decoded record's body lists, while its references are not resolved; undefined when it has none. */
export function blobsToResolve(record: CheckpointRecord): readonly string[] | undefined {
  return unresolved.get(record);
}

/** Forgets `record`'s list once its references are replaced by their bytes. */
export function markResolved(record: CheckpointRecord): void {
  unresolved.delete(record);
}

/**
 * The blob list at the end of a body (undefined in a version 2 body):
 * distinct sha-256 hashes, or why it is not one the writer writes. Returns
 * undefined as well when the list is empty and the body does not contain the
 * reference key's bytes (then it holds no reference, and needs no walk); an
 * empty list with the key's bytes returns [] so that the walk refuses any
 * reference in it.
 */
export function readBlobList(list: unknown, body: Buffer, start: number): readonly string[] | undefined | string {
  if (list === undefined) return body.indexOf(BLOB_KEY_BYTES, start) < 0 ? undefined : [];
  if (!Array.isArray(list) || list.length > MAX_BLOBS) return 'its blob list is not a list';
  if (list.length === 0) return body.indexOf(BLOB_KEY_BYTES, start) < 0 ? undefined : [];
  if (!list.every(isBlobHash)) return 'its blob list holds something other than sha-256 hashes';
  if (new Set(list).size !== list.length) return 'its blob list names a blob twice';
  return list;
}
