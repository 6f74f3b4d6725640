import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import type { CheckpointStore } from '../store/checkpoint-store.ts';
import { BLOB_KEY, blobHash } from './blob-ref.ts';
import { blobsToResolve, markResolved } from './blob-list.ts';

/**
 * Replaces the blob references in decoded records by their bytes, in place.
 * Only the blobs these records list are fetched, in one `getBlobs` call. Each
 * fetched blob must hash to its key; each reference must be a one-entry map
 * `{ [BLOB_KEY]: [hash, length] }` whose hash the record lists and whose
 * length is the blob's. Anything else is CHECKPOINT_CORRUPT, and nothing is
 * replaced in a record that fails. A record without references costs one
 * WeakMap lookup. Only `getBlobs` is read of `store` (a fixture being
 * imported passes its own blobs).
 *
 * @example
 * const record = decodeEntry(entry, graph, 't1');
 * await resolveBlobs(store, 't1', [record]);
 */
export async function resolveBlobs(
  store: Pick<CheckpointStore, 'getBlobs'>,
  threadId: string,
  records: readonly CheckpointRecord[],
): Promise<void> {
  const todo = records.filter((r) => blobsToResolve(r) !== undefined);
  if (todo.length === 0) return;
  const wanted = [...new Set(todo.flatMap((r) => blobsToResolve(r)!))];
  const corrupt = (record: CheckpointRecord, why: string) =>
    new WeftError<CheckpointErrorCode>(
      'CHECKPOINT_CORRUPT',
      `checkpoint "${record.id}" of thread "${threadId}" is corrupt (${why}); pick an earlier checkpoint from history()`,
      { details: { threadId, checkpointId: record.id } },
    );
  const found = wanted.length === 0 || !store.getBlobs ? new Map<string, Uint8Array>() : await store.getBlobs(threadId, wanted);
  for (const record of todo) {
    const listed = blobsToResolve(record)!;
    const bytes = new Map<string, Uint8Array>();
    for (const hash of listed) {
      const blob = found.get(hash);
      if (!(blob instanceof Uint8Array)) throw corrupt(record, `its blob ${hash} is missing from the store`);
      if (blobHash(blob) !== hash) throw corrupt(record, `its blob ${hash} does not hash to its key`);
      bytes.set(hash, blob);
    }
    const problem = checkReferences(record, bytes);
    if (problem) throw corrupt(record, problem);
    replaceReferences(record, bytes);
    markResolved(record);
  }
}

type Visit = (holder: Record<string | number, unknown>, key: string | number, ref: Record<string, unknown>) => string | undefined;

/** Walks every map with BLOB_KEY below `value` (depth is bounded by the decoder's scan), stopping at the first problem `visit` reports. */
function eachReference(value: unknown, visit: Visit): string | undefined {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return undefined;
  const holder = value as Record<string | number, unknown>;
  for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
    const item = holder[key];
    if (item === null || typeof item !== 'object' || item instanceof Uint8Array) continue;
    const problem = Object.hasOwn(item, BLOB_KEY) ? visit(holder, key, item as Record<string, unknown>) : eachReference(item, visit);
    if (problem) return problem;
  }
  return undefined;
}

function checkReferences(record: CheckpointRecord, bytes: ReadonlyMap<string, Uint8Array>): string | undefined {
  const used = new Set<string>();
  const problem = eachReference(record, (_holder, _key, ref) => {
    const target = ref[BLOB_KEY];
    if (Object.keys(ref).length !== 1 || !Array.isArray(target) || target.length !== 2) return 'a malformed blob reference';
    const [hash, length] = target as [unknown, unknown];
    const blob = typeof hash === 'string' ? bytes.get(hash) : undefined;
    if (!blob) return `a reference to blob ${String(hash)}, which it does not list`;
    if (length !== blob.byteLength) return `a reference to blob ${hash} of ${String(length)} bytes, which holds ${blob.byteLength}`;
    used.add(hash as string);
    return undefined;
  });
  if (problem) return problem;
  return used.size === bytes.size ? undefined : 'its blob list names blobs it does not refer to';
}

function replaceReferences(record: CheckpointRecord, bytes: ReadonlyMap<string, Uint8Array>): void {
  eachReference(record, (holder, key, ref) => {
    holder[key] = bytes.get((ref[BLOB_KEY] as [string, number])[0])!;
    return undefined;
  });
}
