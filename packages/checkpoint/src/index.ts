/**
 * @weft/checkpoint — the checkpoint contract without the engine: the record a
 * run writes after every step and its codec (msgpack behind a versioned,
 * checksummed header), the `CheckpointStore` interface with its thread lease,
 * `MemoryStore`, the errors every store gives, and row helpers for SQL
 * stores. A store author depends on this package and runs the conformance
 * kit, `@weft/checkpoint/conformance`, against the store; `@weft/graph` runs
 * on any store that passes it.
 *
 * @example
 * import { MemoryStore, decodeCheckpoint } from '@weft/checkpoint';
 *
 * const store = new MemoryStore();
 * // … a compiled graph runs on it (compile({ store })), then:
 * const head = await store.get('t1');
 * if (head) console.log(decodeCheckpoint(head.bytes, 'the head of t1').status); // 'interrupted'
 */

// The record
export type {
  CheckpointRecord,
  CheckpointMeta,
  CheckpointStatus,
  CheckpointSource,
  TaskRecord,
  PendingRecord,
  JoinRecord,
  UsageRecord,
  BudgetRecord,
} from './record/checkpoint-record.ts';
export type { InterruptRecord } from './record/interrupt-record.ts';
export type { StatePatch } from './record/state-patch.ts';
export { newCheckpointId } from './record/checkpoint-id.ts';
export { MAX_DEPTH as CHECKPOINT_MAX_DEPTH } from './record/max-depth.ts';
export { pathKeyProblem } from './record/path-key-problem.ts';

// The codec
export { encodeCheckpoint, decodeCheckpoint, CHECKPOINT_FORMAT_VERSION, CHECKPOINT_FIELDS } from './codec/codec.ts';
export { encodeValue, decodeValue } from './codec/value-codec.ts';
export { checkpointTooLarge } from './codec/checkpoint-too-large.ts';

// Binary values stored beside checkpoints
export { BlobCollector, BLOB_THRESHOLD, DEFAULT_MAX_BLOB_BYTES } from './blob/blob-collector.ts';
export type { BlobCollectorOptions } from './blob/blob-collector.ts';
export { blobHash, BLOB_KEY } from './blob/blob-ref.ts';
export type { StoredBlob } from './blob/blob-ref.ts';
export { resolveBlobs } from './blob/resolve-blobs.ts';

// Stores
export type { CheckpointStore, CheckpointEntry, ListOptions, ThreadSummary } from './store/checkpoint-store.ts';
export { MemoryStore } from './store/memory-store.ts';
export type { MemoryStoreOptions } from './store/memory-store.ts';
export { checkThreadId } from './store/check-thread-id.ts';
export { checkEntryMeta } from './store/check-entry-meta.ts';
export { decodeEntry } from './store/decode-entry.ts';
export type { GraphIdentity } from './store/decode-entry.ts';
export { readChain } from './store/read-chain.ts';
export type { CheckpointChain } from './store/read-chain.ts';
export { entryFromRow, summaryFromRow } from './store/checkpoint-row.ts';
export type { CheckpointRow } from './store/checkpoint-row.ts';

// Graph versions kept beside checkpoints
export { checkStoredGraph, checkGraphKey, storedGraphOrder } from './store/stored-graph.ts';
export type { StoredGraph } from './store/stored-graph.ts';

// Thread fixtures: a thread frozen as JSON, and put back
export { exportThread } from './fixture/export-thread.ts';
export { importThread } from './fixture/import-thread.ts';
export type { ImportThreadOptions, ImportedThread } from './fixture/import-thread.ts';
export { THREAD_FIXTURE_KIND, THREAD_FIXTURE_FORMAT } from './fixture/thread-fixture.ts';
export type { ThreadFixture, ThreadFixtureEntry } from './fixture/thread-fixture.ts';

// Thread leases
export {
  DEFAULT_LEASE_TTL_MS,
  threadBusy,
  leaseLost,
  checkClaim,
  checkLeaseTtl,
  checkStopRequest,
  processHolder,
} from './store/thread-lease.ts';
export type { ThreadLease, ClaimOptions, StopRequest, StopRequestOptions } from './store/thread-lease.ts';
export { LeaseKeeper, STOP_POLL_MS } from './store/lease-keeper.ts';
export { waitForThread, FREE_POLL_MS } from './store/wait-for-thread.ts';
export { leaseFromRow } from './store/lease-row.ts';
export type { LeaseRow } from './store/lease-row.ts';

// Errors
export { concurrentResume, headNotDeletable } from './errors.ts';
export type { CheckpointErrorCode } from './errors.ts';
