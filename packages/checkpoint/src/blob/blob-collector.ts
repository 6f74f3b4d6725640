import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import { blobHash, type StoredBlob } from './blob-ref.ts';

/**
 * Binary values at or above this size leave the checkpoint body and are
 * stored once per thread by hash. Measured on SqliteStore (sync), a full
 * snapshot holding one array, put 300 times after 50 (node 20, 2-core VM,
 * 2026-11-28; mean µs per put, inline → blob): 4 KiB 369 → 384, 16 KiB
 * 403 → 348, 32 KiB 494 → 341, 64 KiB 730 → 429; sha-256 takes 7 µs at
 * 4 KiB and 20 µs at 32 KiB. Below ~16 KiB a blob costs about what it saves
 * (and the within-run spread is as large); from 32 KiB it saves a third per
 * snapshot and the bytes of every snapshot after the first.
 */
export const BLOB_THRESHOLD = 32 * 1024;
/** The largest binary value a checkpoint takes by default (20 MiB): above what a model takes as one image or file. */
export const DEFAULT_MAX_BLOB_BYTES = 20 * 1024 * 1024;

export interface BlobCollectorOptions {
  /** Values of this many bytes or more are externalised (default BLOB_THRESHOLD). */
  threshold?: number;
  /** Larger values are refused with CHECKPOINT_VALUE_TOO_LARGE (default DEFAULT_MAX_BLOB_BYTES). */
  maxBytes?: number;
  /** false: values are size-checked but stay inline (for a store without blobs). Default true. */
  externalise?: boolean;
  /**
   * Hashes already computed, by array, shared by the encodes of one thread's
   * writer: a 5 MB value hashes in ~12 ms, once per snapshot that holds it
   * without this. Keyed by identity, which is sound because state is
   * immutable: an array changed in place would not reach a delta either.
   */
  known?: WeakMap<Uint8Array, string>;
}

/**
 * What one checkpoint encode found: the binary values at or above the
 * threshold, by hash. The writer asks it for each such value; it refuses one
 * over the limit before anything is stored.
 *
 * @example
 * const blobs = new BlobCollector();
 * const bytes = encodeCheckpoint(record, blobs);
 * await store.put({ ...meta, bytes, blobs: blobs.blobs() });
 */
export class BlobCollector {
  readonly threshold: number;
  readonly maxBytes: number;
  readonly externalise: boolean;
  /** The hashes referred to, in order of first reference: written into the body as its blob list. */
  readonly hashes: string[] = [];
  readonly #bytes = new Map<string, Uint8Array>();
  readonly #known: WeakMap<Uint8Array, string> | undefined;

  constructor(options: BlobCollectorOptions = {}) {
    this.threshold = options.threshold ?? BLOB_THRESHOLD;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BLOB_BYTES;
    this.externalise = options.externalise ?? true;
    this.#known = options.known;
  }

  /** The reference for `bytes` (hash, length), or undefined when it stays inline; throws over the limit. */
  add(bytes: Uint8Array): string | undefined {
    if (bytes.byteLength > this.maxBytes) throw valueTooLarge(bytes.byteLength, this.maxBytes);
    if (!this.externalise) return undefined;
    let hash = this.#known?.get(bytes);
    if (hash === undefined) {
      hash = blobHash(bytes);
      this.#known?.set(bytes, hash);
    }
    if (!this.#bytes.has(hash)) {
      // Not copied: every store copies what it keeps (SQLite and PostgreSQL by writing it), as it does a checkpoint's bytes.
      this.#bytes.set(hash, bytes);
      this.hashes.push(hash);
    }
    return hash;
  }

  /** The blobs found, each once, for `CheckpointEntry.blobs`. */
  blobs(): StoredBlob[] {
    return this.hashes.map((hash) => ({ hash, bytes: this.#bytes.get(hash)! }));
  }
}

function valueTooLarge(bytes: number, limit: number): WeftError<CheckpointErrorCode> {
  const size = (n: number) => n.toLocaleString('en-US');
  return new WeftError<CheckpointErrorCode>(
    'CHECKPOINT_VALUE_TOO_LARGE',
    `a binary value of ${size(bytes)} bytes is larger than maxBlobBytes (${size(limit)}); keep it outside the state (in a file or object store, with its key or URL in the state), or raise maxBlobBytes in compile(). Nothing was written for this step`,
    { details: { bytes, limit }, retryable: false },
  );
}
