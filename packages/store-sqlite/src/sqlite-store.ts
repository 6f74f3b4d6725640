import type Database from 'better-sqlite3';
import { WeftError } from '@weft/common';
import {
  checkGraphKey,
  checkStoredGraph,
  checkThreadId,
  type CheckpointEntry,
  type CheckpointStore,
  type ClaimOptions,
  type ListOptions,
  type StoredGraph,
  type StopRequestOptions,
  type ThreadLease,
  type ThreadSummary,
} from '@weft/checkpoint';
import { CheckpointTable } from './checkpoint-table.ts';
import { GraphTable } from './graph-table.ts';
import { checkpointsNotWritten, unreadable } from './errors.ts';
import { onProcessExit } from './exit-hooks.ts';
import { HeldPuts } from './held-puts.ts';
import { checkLease, LeaseTable } from './lease-table.ts';
import { openDatabase } from './open-database.ts';
import { parseOptions, type Durability, type SqliteStoreOptions } from './sqlite-store-options.ts';

/**
 * A `CheckpointStore` in one SQLite file (better-sqlite3, WAL). Several
 * processes may share the file: the expected-version check and the insert run
 * in one write transaction, so exactly one of two racing writers wins, and
 * the thread lease is on the file, so only one of them runs the thread.
 */
export class SqliteStore implements CheckpointStore {
  readonly path: string;
  readonly durability: Durability;
  #db: Database.Database | undefined;
  readonly #table: CheckpointTable;
  readonly #leases: LeaseTable;
  readonly #graphs: GraphTable;
  readonly #insert: Database.Transaction<(entry: CheckpointEntry) => void>;
  /** Durability 'exit': the puts not yet written. */
  readonly #held = new HeldPuts();
  #disposeExitHook: (() => void) | undefined;

  constructor(options: SqliteStoreOptions) {
    const { path, durability, leaseTtlMs } = parseOptions(options);
    this.path = path;
    this.durability = durability;
    const synchronous = durability === 'async' ? 'NORMAL' : 'FULL';
    const db = openDatabase(path, synchronous);
    try {
      this.#table = new CheckpointTable(db, path);
      this.#leases = new LeaseTable(db, leaseTtlMs, synchronous);
      this.#graphs = new GraphTable(db, path);
      this.#insert = db.transaction((entry: CheckpointEntry) => this.#table.insert(entry));
    } catch (err) {
      db.close();
      throw unreadable(err, path, true);
    }
    this.#db = db;
    if (durability === 'exit') this.#disposeExitHook = onProcessExit({ close: () => this.#closeSync() });
  }

  async put(entry: CheckpointEntry): Promise<void> {
    this.#put(entry, 'SqliteStore.put()');
  }

  /** `put` without a promise: better-sqlite3 writes synchronously, so a run need not wait a tick per step. */
  putSync(entry: CheckpointEntry): void {
    this.#put(entry, 'SqliteStore.putSync()');
  }

  async get(threadId: string, checkpointId?: string): Promise<CheckpointEntry | undefined> {
    checkThreadId(threadId, 'SqliteStore.get()');
    return this.#read(() => (checkpointId === undefined ? this.#table.latest(threadId) : this.#table.byId(threadId, checkpointId)));
  }

  async getBlobs(threadId: string, hashes: readonly string[]): Promise<Map<string, Uint8Array>> {
    checkThreadId(threadId, 'SqliteStore.getBlobs()');
    return this.#read(() => this.#table.blobs.get(threadId, hashes));
  }

  async list(threadId: string, options: ListOptions = {}): Promise<CheckpointEntry[]> {
    checkThreadId(threadId, 'SqliteStore.list()');
    return this.#read(() => this.#table.list(threadId, options));
  }

  async delete(threadId: string): Promise<void> {
    checkThreadId(threadId, 'SqliteStore.delete()');
    this.#read(() => this.#transaction(() => this.#table.deleteThread(threadId)));
  }

  /**
   * Prunes checkpoints of one thread in one write transaction. Held puts
   * (durability 'exit') are flushed first, so the head checked here is the
   * thread's real head. Deleting the head is refused: the thread's version
   * (its highest seq) must never go back.
   */
  async deleteCheckpoints(threadId: string, ids: readonly string[]): Promise<number> {
    checkThreadId(threadId, 'SqliteStore.deleteCheckpoints()');
    const unique = [...new Set(ids)];
    return this.#read(() => (unique.length === 0 ? 0 : this.#transaction(() => this.#table.prune(threadId, unique))));
  }

  async threads(): Promise<ThreadSummary[]> {
    return this.#read(() => this.#table.threads());
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
   * a thread whose checkpoints are only in this process. A flush that dropped
   * some threads' puts (another run overtook them, or their rows are damaged)
   * has written the rest and holds nothing more: the lease is released and
   * the error thrown.
   */
  async releaseThread(lease: ThreadLease): Promise<void> {
    this.#use(() => {
      checkLease(lease, 'SqliteStore.releaseThread()');
      let dropped: unknown;
      try {
        this.#flushSync();
      } catch (err) {
        // The file did not take the held puts: the lease stays (it expires), so no one continues the thread without them.
        if (!(err instanceof WeftError)) throw checkpointsNotWritten(lease.threadId, this.path, err);
        dropped = err;
      }
      this.#leases.release(lease);
      if (dropped) throw dropped;
    });
  }

  async threadLease(threadId: string): Promise<ThreadLease | undefined> {
    return this.#use(() => this.#leases.current(threadId));
  }

  async requestStop(threadId: string, request: StopRequestOptions): Promise<ThreadLease | undefined> {
    return this.#use(() => this.#leases.requestStop(threadId, request));
  }

  /**
   * Keeps the graph's description unless its (name, hash) is stored already:
   * one statement that does nothing on a conflict, so the first write wins
   * also between processes sharing the file. Written at once in every
   * durability mode (not held like 'exit' puts): the checkpoints that name
   * the graph must never reach the file before it.
   */
  async putGraph(graph: StoredGraph): Promise<void> {
    checkStoredGraph(graph, 'SqliteStore.putGraph()');
    this.#use(() => this.#graphs.insert(graph));
  }

  async getGraph(name: string, hash: string): Promise<StoredGraph | undefined> {
    checkGraphKey(name, 'name', 'SqliteStore.getGraph()');
    checkGraphKey(hash, 'hash', 'SqliteStore.getGraph()');
    return this.#use(() => this.#graphs.get(name, hash));
  }

  async graphs(name?: string): Promise<StoredGraph[]> {
    if (name !== undefined) checkGraphKey(name, 'name', 'SqliteStore.graphs()');
    return this.#use(() => this.#graphs.list(name));
  }

  /** Writes the puts held by durability 'exit' in one transaction; a no-op for the other modes. */
  async flush(): Promise<void> {
    this.#use(() => this.#flushSync());
  }

  /** Flushes held puts and closes the database. Closing twice is a no-op; every other call after it throws. */
  async close(): Promise<void> {
    this.#closeSync();
  }

  #put(entry: CheckpointEntry, where: string): void {
    // Thread ids SQLite would not keep as they are (NUL, lone surrogates) are refused as every store refuses them (checkThreadId).
    checkThreadId((entry as Partial<CheckpointEntry> | null)?.threadId, where);
    this.#use(() => (this.durability === 'exit' ? this.#held.hold(entry, this.#table) : this.#insert.immediate(entry)));
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

  #flushSync(): void {
    if (this.#held.size) this.#held.flush(this.#open(), this.#table);
  }

  #open(): Database.Database {
    if (!this.#db) throw new WeftError('INVALID_ARGUMENT', 'the store is closed');
    return this.#db;
  }

  #transaction<T>(work: () => T): T {
    return this.#open().transaction(work).immediate();
  }

  /** Runs `work` on the open database; SQLite's reports of a damaged file become STORE_UNREADABLE naming it. */
  #use<T>(work: () => T): T {
    this.#open();
    try {
      return work();
    } catch (err) {
      throw unreadable(err, this.path);
    }
  }

  /** `#use` for reads, which see held puts: they are flushed first. */
  #read<T>(work: () => T): T {
    return this.#use(() => {
      this.#flushSync();
      return work();
    });
  }
}
