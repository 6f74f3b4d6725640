import type { Database, Statement } from 'better-sqlite3';
import type { StoredBlob } from '@weft/checkpoint';

/**
 * The `blobs` and `blob_refs` tables: each blob once per thread by hash, and
 * the hashes each checkpoint refers to. Writes run inside the caller's
 * transaction (the checkpoint's put, a prune, a thread's deletion), so a put
 * that is refused leaves no blob, and a prune leaves no blob without a
 * reference. Blob bytes are not checksummed here: readers hash them
 * (resolveBlobs), which is the stronger check.
 */
export class BlobTable {
  readonly #insert: Statement<[threadId: string, hash: string, bytes: Buffer], void>;
  readonly #refer: Statement<[threadId: string, checkpointId: string, hash: string], void>;
  readonly #get: Statement<[threadId: string, hash: string], Buffer | undefined>;
  readonly #unrefer: Statement<[threadId: string, checkpointId: string], void>;
  readonly #collect: Statement<[threadId: string, threadId: string], void>;
  readonly #deleteThread: Statement<[threadId: string], void>;
  readonly #deleteThreadRefs: Statement<[threadId: string], void>;

  constructor(db: Database) {
    this.#insert = db.prepare('INSERT INTO blobs (thread_id, hash, bytes) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    this.#refer = db.prepare('INSERT INTO blob_refs (thread_id, checkpoint_id, hash) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    this.#get = db.prepare<[string, string], Buffer>('SELECT bytes FROM blobs WHERE thread_id = ? AND hash = ?').pluck();
    this.#unrefer = db.prepare('DELETE FROM blob_refs WHERE thread_id = ? AND checkpoint_id = ?');
    this.#collect = db.prepare('DELETE FROM blobs WHERE thread_id = ? AND hash NOT IN (SELECT hash FROM blob_refs WHERE thread_id = ?)');
    this.#deleteThread = db.prepare('DELETE FROM blobs WHERE thread_id = ?');
    this.#deleteThreadRefs = db.prepare('DELETE FROM blob_refs WHERE thread_id = ?');
  }

  /** Keeps `blobs` (once per thread) as what checkpoint `checkpointId` refers to. */
  insert(threadId: string, checkpointId: string, blobs: readonly StoredBlob[]): void {
    for (const { hash, bytes } of blobs) {
      this.#insert.run(threadId, hash, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      this.#refer.run(threadId, checkpointId, hash);
    }
  }

  get(threadId: string, hashes: readonly string[]): Map<string, Uint8Array> {
    const out = new Map<string, Uint8Array>();
    for (const hash of new Set(hashes)) {
      const bytes = this.#get.get(threadId, hash);
      if (bytes) out.set(hash, bytes);
    }
    return out;
  }

  /** Forgets what the deleted checkpoints referred to and drops the blobs nothing else does. */
  pruned(threadId: string, checkpointIds: readonly string[]): void {
    for (const id of checkpointIds) this.#unrefer.run(threadId, id);
    this.#collect.run(threadId, threadId);
  }

  deleteThread(threadId: string): void {
    this.#deleteThread.run(threadId);
    this.#deleteThreadRefs.run(threadId);
  }
}
