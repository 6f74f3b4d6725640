import type { Database } from 'better-sqlite3';
import { WeftError } from '@weft/common';
import { concurrentResume, type CheckpointEntry } from '@weft/checkpoint';
import type { CheckpointTable } from './checkpoint-table.ts';
import type { SqliteStoreErrorCode } from './errors.ts';

/**
 * Durability 'exit': puts kept in memory until they are flushed. Each is
 * checked as it comes, against the file and the puts held before it, so a
 * put that could never be written fails at once, like in the other modes.
 */
export class HeldPuts {
  #entries: CheckpointEntry[] = [];
  #heads = new Map<string, { seq: number; ids: Set<string> }>();

  get size(): number {
    return this.#entries.length;
  }

  hold(entry: CheckpointEntry, table: CheckpointTable): void {
    const head = this.#heads.get(entry.threadId);
    const current = head?.seq ?? table.version(entry.threadId);
    if (entry.seq !== current + 1 || head?.ids.has(entry.id) || table.hasId(entry.threadId, entry.id))
      throw concurrentResume(entry.threadId, entry.seq, current);
    const held: CheckpointEntry = { ...entry, bytes: Buffer.from(entry.bytes) };
    if (entry.blobs) held.blobs = entry.blobs.map((b) => ({ hash: b.hash, bytes: Buffer.from(b.bytes) }));
    this.#entries.push(held);
    this.#heads.set(entry.threadId, { seq: entry.seq, ids: (head?.ids ?? new Set()).add(entry.id) });
  }

  /**
   * Writes the held puts in one transaction and forgets them. A thread whose
   * puts cannot be written (another connection advanced it: CONCURRENT_RESUME;
   * its rows are damaged: CHECKPOINT_CORRUPT) loses its held puts and the
   * flush throws that error once the other threads' puts are written. When
   * the transaction itself fails, nothing is forgotten.
   */
  flush(db: Database, table: CheckpointTable): void {
    if (this.#entries.length === 0) return;
    const lost = new Map<string, WeftError<SqliteStoreErrorCode>>();
    db.transaction(() => {
      for (const entry of this.#entries) {
        if (lost.has(entry.threadId)) continue;
        try {
          table.insert(entry);
        } catch (err) {
          if (!(err instanceof WeftError)) throw err;
          lost.set(entry.threadId, err);
        }
      }
    }).immediate();
    this.#entries = [];
    this.#heads.clear();
    const [first] = lost.values();
    if (first) throw new WeftError(first.code, first.message, { details: { threads: [...lost.keys()] }, cause: first });
  }
}
