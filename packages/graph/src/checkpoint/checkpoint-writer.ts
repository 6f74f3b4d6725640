import {
  BlobCollector,
  type CheckpointEntry,
  type CheckpointRecord,
  type CheckpointStore,
  checkpointTooLarge,
  encodeCheckpoint,
  newCheckpointId,
} from '@weft/checkpoint';
import type { Patch } from 'immer';

/** Where a thread's delta chain stands, so a resumed run continues the snapshot policy. */
export interface ChainPosition {
  seq: number;
  parentId: string | null;
  /** Delta checkpoints since the last full snapshot. */
  depth: number;
  deltaBytes: number;
  snapshotBytes: number;
}

export type RecordBody = Omit<CheckpointRecord, 'graph' | 'hash' | 'threadId' | 'id' | 'parentId' | 'seq' | 'createdAt' | 'state'>;

export interface WrittenCheckpoint {
  id: string;
  seq: number;
  bytes: number;
  snapshot: boolean;
}

/**
 * Writes a thread's checkpoints in order. The state is stored in full when the
 * chain is new, every `snapshotEvery` checkpoints, or once the deltas since the
 * last snapshot weigh twice as much as that snapshot (snapshots then grow
 * geometrically, so the bytes stored stay a small multiple of the data, and a
 * load replays a bounded chain); otherwise as the immer patches from the
 * previous checkpoint. A checkpoint larger than the graph's
 * `maxCheckpointBytes` is refused (CHECKPOINT_TOO_LARGE) before the store sees it.
 *
 * Binary values of BLOB_THRESHOLD bytes or more go to the store as blobs with
 * the checkpoint that refers to them (when the store has `getBlobs`; inline
 * otherwise), so a snapshot or a fork carries a reference, not the bytes; one
 * over `maxBlobBytes` is refused (CHECKPOINT_VALUE_TOO_LARGE) before anything
 * is stored.
 */
export class CheckpointWriter {
  #pos: ChainPosition;
  #lastBytes: Uint8Array | undefined;
  #lastState: unknown;
  #lastUsage: CheckpointRecord['usage'];
  #lastBudget: CheckpointRecord['budget'];
  /** Hashes of the binary values this writer has written, by array (see BlobCollectorOptions.known). */
  readonly #blobHashes = new WeakMap<Uint8Array, string>();

  constructor(
    private readonly store: CheckpointStore,
    private readonly graph: { name: string; hash: string; version?: string | undefined; maxCheckpointBytes: number; maxBlobBytes: number },
    readonly threadId: string,
    private readonly snapshotEvery: number,
    position: ChainPosition,
  ) {
    this.#pos = { ...position };
  }

  /** The behaviour patches the thread started with (see CheckpointRecord.patched), written into each of its checkpoints. */
  patched: readonly string[] | undefined;

  get lastId(): string | null {
    return this.#pos.parentId;
  }

  /** Where the next checkpoint goes: a copy of the chain position after the last write. */
  get position(): ChainPosition {
    return { ...this.#pos };
  }

  /** The encoded bytes of the last checkpoint written. */
  get lastBytes(): Uint8Array | undefined {
    return this.#lastBytes;
  }

  /** The usage and budget the last checkpoint written holds. */
  get lastUsage(): CheckpointRecord['usage'] {
    return this.#lastUsage;
  }
  get lastBudget(): CheckpointRecord['budget'] {
    return this.#lastBudget;
  }

  /** The state the last checkpoint written holds (frozen). */
  get lastState(): unknown {
    return this.#lastState;
  }

  /** `patches: null` forces a full snapshot (e.g. after an edit whose patches are unknown). */
  /**
   * Encodes and stores one checkpoint. The chain position advances at once;
   * `stored` settles when the store has the entry (a failed put ends the run,
   * so a position that ran ahead is never used); it is undefined when the
   * store took it synchronously (`putSync`).
   */
  write(body: RecordBody, state: unknown, patches: Patch[] | null): { written: WrittenCheckpoint; stored: Promise<void> | undefined } {
    const pos = this.#pos;
    const snapshot =
      patches === null || pos.parentId === null || pos.depth + 1 >= this.snapshotEvery || pos.deltaBytes >= 2 * pos.snapshotBytes;
    // Built field by field: spreading `body` here makes a dictionary-mode object that encodes ~7× slower.
    const record: CheckpointRecord = {
      graph: this.graph.name,
      hash: this.graph.hash,
      threadId: this.threadId,
      id: newCheckpointId(),
      parentId: pos.parentId,
      seq: pos.seq + 1,
      step: body.step,
      status: body.status,
      source: body.source,
      createdAt: Date.now(),
      state: snapshot ? { full: state } : { patches: patches! },
      frontier: body.frontier,
      joins: body.joins,
      skips: body.skips,
      pending: body.pending,
      interrupts: body.interrupts,
      context: body.context,
    };
    if (body.output !== undefined) record.output = body.output;
    if (body.error !== undefined) record.error = body.error;
    if (body.resumeValues !== undefined) record.resumeValues = body.resumeValues;
    const patched = body.patched ?? this.patched;
    if (patched !== undefined) record.patched = patched as string[];
    if (this.graph.version !== undefined) record.version = this.graph.version;
    if (body.usage !== undefined) record.usage = body.usage;
    if (body.budget !== undefined) record.budget = body.budget;
    const blobs = new BlobCollector({
      maxBytes: this.graph.maxBlobBytes,
      externalise: this.store.getBlobs !== undefined,
      known: this.#blobHashes,
    });
    const bytes = encodeCheckpoint(record, blobs);
    // The length the encoding already gives: the size limit costs one comparison per write.
    if (bytes.length > this.graph.maxCheckpointBytes) throw checkpointTooLarge(record, bytes.length, this.graph.maxCheckpointBytes);
    this.#lastBytes = bytes;
    this.#lastState = state;
    this.#lastUsage = body.usage;
    this.#lastBudget = body.budget;
    const entry: CheckpointEntry = {
      threadId: this.threadId,
      id: record.id,
      parentId: record.parentId,
      seq: record.seq,
      step: record.step,
      status: record.status,
      createdAt: record.createdAt,
      bytes,
    };
    if (blobs.hashes.length > 0) entry.blobs = blobs.blobs();
    // A synchronous store has the entry when this returns (or has thrown, before the position moves).
    let stored: Promise<void> | undefined;
    if (this.store.putSync) this.store.putSync(entry);
    else stored = this.store.put(entry);
    pos.seq = record.seq;
    pos.parentId = record.id;
    pos.depth = snapshot ? 0 : pos.depth + 1;
    pos.deltaBytes = snapshot ? 0 : pos.deltaBytes + bytes.length;
    if (snapshot) pos.snapshotBytes = bytes.length;
    return { written: { id: record.id, seq: record.seq, bytes: bytes.length, snapshot }, stored };
  }
}
