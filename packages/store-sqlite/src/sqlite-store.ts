import Database from 'better-sqlite3';
import {
  WeftError,
  type CheckpointEntry,
  type CheckpointStore,
  type ClaimOptions,
  type ListOptions,
  type ThreadLease,
  type ThreadSummary,
  entryFromRow,
  summaryFromRow,
} from '@weft/graph';
import { entryToParams } from './checkpoint-row.ts';
import { onProcessExit } from './exit-hooks.ts';
import { checkLease, LeaseTable } from './lease-table.ts';
import { concurrentResume, headNotDeletable, unreadable } from './errors.ts';
import { openDatabase } from './open-database.ts';
import { parseOptions, type Durability, type SqliteStoreOptions } from './sqlite-store-options.ts';
import { prepareStatements, type Statements } from './statements.ts';

/** A unique-key violation: another connection inserted the same seq or id between our check and our insert. */
const isDuplicate = (err: unknown): boolean =>
  err instanceof Database.SqliteError && (err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || err.code === 'SQLITE_CONSTRAINT_UNIQUE');

/**
 * A `CheckpointStore` in one SQLite file (better-sqlite3, WAL). Several
 * processes may share the file: the expected-version check and the insert run
 * in one write transaction, so exactly one of two racing writers wins.
 */
export class SqliteStore implements CheckpointStore {
  readonly path: string;
  readonly durability: Durability;
  #db: Database.Database | undefined;
  readonly #sql: Statements;
  readonly #leases: LeaseTable;
  /** Durability 'exit': puts not yet written, in put order. */
  #pending: CheckpointEntry[] = [];
  #pendingHeads = new Map<string, { seq: number; ids: Set<string> }>();
  #disposeExitHook: (() => void) | undefined;

  constructor(options: SqliteStoreOptions) {
    const { path, durability, leaseTtlMs } = parseOptions(options);
    this.path = path;
    this.durability = durability;
    const synchronous = durability === 'async' ? 'NORMAL' : 'FULL';
    const db = openDatabase(path, synchronous);
    try {
      this.#sql = prepareStatements(db);
      this.#leases = new LeaseTable(db, leaseTtlMs, synchronous);
    } catch (err) {
      db.close();
      throw err;
    }
    this.#db = db;
    if (durability === 'exit') this.#disposeExitHook = onProcessExit({ flush: () => this.#flushSync(), close: () => this.#closeSync() });
  }

  async put(entry: CheckpointEntry): Promise<void> {
    this.putSync(entry);
  }

  /** `put` without a promise: better-sqlite3 writes synchronously, so a run need not wait a tick per step. */
  putSync(entry: CheckpointEntry): void {
    this.#use((db) => {
      if (this.durability === 'exit') return this.#hold(entry);
      try {
        db.transaction(() => this.#insert(entry)).immediate();
      } catch (err) {
        if (!isDuplicate(err)) throw err;
        throw concurrentResume(entry.threadId, entry.seq, this.#sql.maxSeq.get(entry.threadId) ?? 0);
      }
    });
  }

  async get(threadId: string, checkpointId?: string): Promise<CheckpointEntry | undefined> {
    return this.#read(() => {
      const row = checkpointId === undefined ? this.#sql.latest.get(threadId) : this.#sql.byId.get(threadId, checkpointId);
      return row && entryFromRow(row);
    });
  }

  async list(threadId: string, options: ListOptions = {}): Promise<CheckpointEntry[]> {
    const limit = options.limit === undefined ? -1 : Math.max(0, Math.floor(options.limit)); // -1: no limit in SQLite
    const beforeSeq = options.beforeSeq ?? Number.MAX_SAFE_INTEGER;
    return this.#read(() => this.#sql.list.all(threadId, beforeSeq, limit).map(entryFromRow));
  }

  async delete(threadId: string): Promise<void> {
    this.#read(() => this.#sql.deleteThread.run(threadId));
  }

  /**
   * Prunes checkpoints of one thread in one write transaction. Held puts
   * (durability 'exit') are flushed first, so the head checked here is the
   * thread's real head. Deleting the head is refused: the thread's version
   * (its highest seq) must never go back.
   */
  async deleteCheckpoints(threadId: string, ids: readonly string[]): Promise<number> {
    return this.#use((db) => {
      this.#flushSync();
      const unique = [...new Set(ids)];
      if (unique.length === 0) return 0;
      return db
        .transaction(() => {
          const head = this.#sql.headId.get(threadId);
          if (head === undefined) return 0;
          if (unique.includes(head)) throw headNotDeletable(threadId, head);
          let deleted = 0;
          for (const id of unique) deleted += this.#sql.deleteOne.run(threadId, id).changes;
          return deleted;
        })
        .immediate();
    });
  }

  async threads(): Promise<ThreadSummary[]> {
    return this.#read(() => this.#sql.heads.all().map(summaryFromRow));
  }

  async claimThread(threadId: string, options: ClaimOptions): Promise<ThreadLease> {
    return this.#use(() => this.#leases.claim(threadId, options));
  }

  async renewThread(lease: ThreadLease): Promise<ThreadLease> {
    return this.#use(() => this.#leases.renew(lease));
  }

  /**
   * Durability 'exit' writes the puts this store holds first, so that a thread
   * is complete on disk before anyone else can claim it (otherwise the next
   * holder would resume from an older head and run finished steps again). A
   * flush that fails on the file keeps the lease: releasing it would hand out
   * a thread whose checkpoints are only in this process. A flush that drops
   * puts another run overtook (CONCURRENT_RESUME) has written the rest: the
   * lease is released and the error thrown.
   */
  async releaseThread(lease: ThreadLease): Promise<void> {
    this.#use(() => {
      checkLease(lease, 'releaseThread()');
      let dropped: unknown;
      try {
        this.#flushSync();
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'CONCURRENT_RESUME') throw err;
        dropped = err;
      }
      this.#leases.release(lease);
      if (dropped) throw dropped;
    });
  }

  async threadLease(threadId: string): Promise<ThreadLease | undefined> {
    return this.#use(() => this.#leases.current(threadId));
  }

  /** Writes the puts held by durability 'exit' in one transaction; a no-op for the other modes. */
  async flush(): Promise<void> {
    this.#use(() => this.#flushSync());
  }

  /** Flushes held puts and closes the database. Closing twice is a no-op; every other call after it throws. */
  async close(): Promise<void> {
    this.#closeSync();
  }

  #closeSync(): void {
    const db = this.#db;
    if (!db) return;
    try {
      this.#flushSync();
    } finally {
      this.#disposeExitHook?.();
      this.#db = undefined;
      db.close();
    }
  }

  #open(): Database.Database {
    if (!this.#db) throw new WeftError('INVALID_ARGUMENT', 'the store is closed');
    return this.#db;
  }

  /** Runs `work` on the open database; SQLite's reports of a damaged file become STORE_UNREADABLE naming it. */
  #use<T>(work: (db: Database.Database) => T): T {
    const db = this.#open();
    try {
      return work(db);
    } catch (err) {
      throw unreadable(err, this.path);
    }
  }

  /** `#use` for reads, which see held puts: they are flushed first. */
  #read<T>(work: () => T): T {
    return this.#use(() => {
      if (this.#pending.length) this.#flushSync();
      return work();
    });
  }

  /** The expected-version check and the insert; runs inside a write transaction. */
  #insert(entry: CheckpointEntry): void {
    const current = this.#sql.maxSeq.get(entry.threadId) ?? 0;
    if (entry.seq !== current + 1 || this.#sql.hasId.get(entry.threadId, entry.id) !== undefined) {
      throw concurrentResume(entry.threadId, entry.seq, current);
    }
    this.#sql.insert.run(entryToParams(entry));
  }

  /** Durability 'exit': checks the version against the file and the held puts, then keeps a copy. */
  #hold(entry: CheckpointEntry): void {
    const head = this.#pendingHeads.get(entry.threadId);
    const current = head?.seq ?? this.#sql.maxSeq.get(entry.threadId) ?? 0;
    if (entry.seq !== current + 1 || head?.ids.has(entry.id) || this.#sql.hasId.get(entry.threadId, entry.id) !== undefined) {
      throw concurrentResume(entry.threadId, entry.seq, current);
    }
    this.#pending.push({ ...entry, bytes: Buffer.from(entry.bytes) });
    this.#pendingHeads.set(entry.threadId, { seq: entry.seq, ids: (head?.ids ?? new Set()).add(entry.id) });
  }

  /**
   * Writes held puts in one transaction. When another connection advanced a
   * thread meanwhile, that thread's held puts are dropped and the flush rejects
   * with CONCURRENT_RESUME; the other threads are still written.
   */
  #flushSync(): void {
    if (this.#pending.length === 0) return;
    const db = this.#open();
    const lost = new Map<string, WeftError>();
    db.transaction(() => {
      for (const entry of this.#pending) {
        if (lost.has(entry.threadId)) continue;
        try {
          this.#insert(entry);
        } catch (err) {
          if (!(err instanceof WeftError)) throw err;
          lost.set(entry.threadId, err);
        }
      }
    }).immediate();
    this.#pending = [];
    this.#pendingHeads.clear();
    const [first] = lost.values();
    if (first) throw new WeftError('CONCURRENT_RESUME', first.message, { details: { threads: [...lost.keys()] }, cause: first });
  }
}
