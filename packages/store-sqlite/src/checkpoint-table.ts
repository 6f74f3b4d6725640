import Sqlite, { type Database } from 'better-sqlite3';
import {
  concurrentResume,
  entryFromRow,
  headNotDeletable,
  summaryFromRow,
  type CheckpointEntry,
  type ListOptions,
  type ThreadSummary,
} from '@weft/checkpoint';
import { BlobTable } from './blob-table.ts';
import { entryToParams, type CheckpointRow } from './checkpoint-row.ts';
import { threadDamaged } from './errors.ts';
import { bytesChecksum, rowChecksum } from './row-checksum.ts';
import { prepareStatements, type HeadRow, type Statements } from './statements.ts';

/** A unique-key violation: the thread already has this seq or this id. */
const isDuplicate = (err: unknown): boolean =>
  err instanceof Sqlite.SqliteError && (err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || err.code === 'SQLITE_CONSTRAINT_UNIQUE');

/**
 * The `checkpoints` and `heads` tables, read only through checks, so that a
 * damaged file gives CHECKPOINT_CORRUPT and never other data. SQLite finds
 * rows through its indexes; a flipped byte in an index can hide the head
 * (an older checkpoint then looks like the latest), hide a row from a
 * listing, or lead to another row. So: the thread's latest row must be the
 * checkpoint its head pointer names; a listing from the top must hold as
 * many rows as the pointer counts; a row must belong to the thread (and be
 * the checkpoint) asked for; and its columns and bytes must match their
 * checksums. Each costs a lookup or a CRC of what is read anyway.
 *
 * Not checked: `PRAGMA quick_check`, which reads the whole file (3.5 ms at
 * 14 MB, 80 ms at 140 MB, against ~1 ms to open) and would still not see a
 * lost index entry (that is integrity_check, twice as slow).
 */
export class CheckpointTable {
  readonly #sql: Statements;
  readonly blobs: BlobTable;

  constructor(
    db: Database,
    private readonly path: string,
  ) {
    this.#sql = prepareStatements(db);
    this.blobs = new BlobTable(db);
  }

  /** The thread's version: its head's seq, 0 for a new thread. */
  version(threadId: string): number {
    return this.#sql.head.get(threadId)?.seq ?? 0;
  }

  hasId(threadId: string, id: string): boolean {
    return this.#sql.hasId.get(threadId, id) !== undefined;
  }

  /** The expected-version check, the insert and the head pointer's move; runs inside a write transaction. */
  insert(entry: CheckpointEntry): void {
    const current = this.#head(entry.threadId)?.seq ?? 0;
    if (entry.seq !== current + 1) throw concurrentResume(entry.threadId, entry.seq, current);
    try {
      this.#sql.insert.run(entryToParams(entry));
    } catch (err) {
      if (isDuplicate(err)) throw concurrentResume(entry.threadId, entry.seq, current);
      throw err;
    }
    this.#sql.advanceHead.run(entry.threadId, entry.seq, entry.id);
    if (entry.blobs?.length) this.blobs.insert(entry.threadId, entry.id, entry.blobs);
  }

  latest(threadId: string): CheckpointEntry | undefined {
    const head = this.#sql.head.get(threadId);
    const row = this.#sql.latest.get(threadId);
    if (!head && !row) return undefined;
    this.#checkHead(threadId, head, row);
    return this.#entry(row!, threadId);
  }

  byId(threadId: string, id: string): CheckpointEntry | undefined {
    const row = this.#sql.byId.get(threadId, id);
    if (row) return this.#entry(row, threadId, id);
    // Rare (an unknown id): worth a walk of the thread's rows to tell a lost index entry from an absent checkpoint.
    if (this.#sql.byIdWithoutIndex.get(threadId, id) !== undefined)
      throw this.#damaged(threadId, `checkpoint "${id}" is missing from the index by id`, id);
    return undefined;
  }

  list(threadId: string, options: ListOptions): CheckpointEntry[] {
    const limit = options.limit === undefined ? -1 : Math.max(0, Math.floor(options.limit)); // -1: no limit in SQLite
    const beforeSeq = options.beforeSeq ?? Number.MAX_SAFE_INTEGER;
    const head = this.#sql.head.get(threadId);
    const rows = this.#sql.list.all(threadId, beforeSeq, limit);
    const fromTop = beforeSeq > (head?.seq ?? 0);
    if (fromTop && limit !== 0 && (head || rows.length)) this.#checkHead(threadId, head, rows[0]);
    let above = Infinity;
    for (const row of rows) {
      if (!(row.seq < above && row.seq < beforeSeq && row.seq <= (head?.seq ?? 0)))
        throw this.#damaged(threadId, `its checkpoints are out of order (#${String(row.seq)} after #${above})`);
      above = row.seq;
    }
    const entries = rows.map((row) => this.#entry(row, threadId));
    if (head && fromTop && (limit < 0 || rows.length < limit) && rows.length !== head.rows)
      throw this.#damaged(threadId, `it has ${head.rows} checkpoints, but the file gives ${rows.length}`);
    return entries;
  }

  /** Every thread's head; a thread whose pointer and rows disagree makes the whole listing CHECKPOINT_CORRUPT, naming it. */
  threads(): ThreadSummary[] {
    const seen = new Set<unknown>();
    return this.#sql.summaries.all().map((row) => {
      const threadId = String(row.head_thread ?? row.top_thread);
      if (seen.has(threadId)) throw this.#damaged(threadId, 'it is listed twice');
      seen.add(threadId);
      const pointer = row.head_thread === null ? undefined : { seq: row.head_seq, id: row.head_id };
      this.#checkHead(threadId, pointer, row.thread_id === null ? undefined : row);
      if (row.thread_id !== threadId || rowChecksum(row) !== row.row_crc)
        throw this.#damaged(threadId, `its latest checkpoint #${String(row.seq)} "${String(row.id)}" does not match its checksum`);
      return summaryFromRow(row as Parameters<typeof summaryFromRow>[0]);
    });
  }

  /** Runs inside a write transaction. */
  deleteThread(threadId: string): void {
    this.#sql.deleteThread.run(threadId);
    this.#sql.deleteHead.run(threadId);
    this.blobs.deleteThread(threadId);
  }

  /** Deletes the given checkpoints, never the head; runs inside a write transaction. */
  prune(threadId: string, ids: readonly string[]): number {
    const head = this.#head(threadId);
    if (!head) return 0;
    if (ids.includes(head.id)) throw headNotDeletable(threadId, head.id);
    const deleted = ids.filter((id) => this.#sql.deleteOne.run(threadId, id).changes > 0);
    if (deleted.length) {
      this.#sql.countDeleted.run(deleted.length, threadId);
      this.blobs.pruned(threadId, deleted);
    }
    return deleted.length;
  }

  /** The head pointer, checked against the thread's highest row (without reading its bytes). */
  #head(threadId: string): HeadRow | undefined {
    const head = this.#sql.head.get(threadId);
    const top = this.#sql.top.get(threadId);
    if (head || top) this.#checkHead(threadId, head, top);
    return head;
  }

  #checkHead(threadId: string, head: { seq: unknown; id: unknown } | undefined, row: { seq: unknown; id: unknown } | undefined): void {
    if (head && row && row.seq === head.seq && row.id === head.id) return;
    const named = (r: { seq: unknown; id: unknown }) => `#${String(r.seq)} "${String(r.id)}"`;
    if (!head) throw this.#damaged(threadId, row ? `it has checkpoints (up to ${named(row)}) but no head record` : 'its rows were lost');
    if (!row) throw this.#damaged(threadId, `its head record names ${named(head)}, but the file gives no such checkpoint`);
    throw this.#damaged(
      threadId,
      `its latest checkpoint should be ${named(head)}, but the file gives ${named(row)} (rows lost or altered)`,
    );
  }

  /** The row as an entry, once it is shown to be the one asked for and intact. */
  #entry(row: CheckpointRow, threadId: string, id?: string): CheckpointEntry {
    const named = `#${String(row.seq)} "${String(row.id)}"`;
    if (row.thread_id !== threadId || (id !== undefined && row.id !== id))
      throw this.#damaged(
        threadId,
        `asked for ${id === undefined ? 'its checkpoints' : `"${id}"`}, the file gives ${named} of thread "${String(row.thread_id)}"`,
      );
    if (!(row.bytes instanceof Uint8Array) || bytesChecksum(row.bytes) !== row.bytes_crc)
      throw this.#damaged(threadId, `the bytes of checkpoint ${named} do not match their checksum`, row.id);
    if (rowChecksum(row) !== row.row_crc) throw this.#damaged(threadId, `checkpoint ${named} does not match its checksum`, row.id);
    return entryFromRow(row);
  }

  #damaged(threadId: string, what: string, checkpointId?: string) {
    return threadDamaged(this.path, threadId, what, checkpointId);
  }
}
