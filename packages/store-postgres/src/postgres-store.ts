import type pg from 'pg';
import { WeftError } from '@weft/common';
import {
  checkStopRequest,
  checkClaim,
  checkGraphKey,
  checkStoredGraph,
  checkThreadId,
  concurrentResume,
  entryFromRow,
  headNotDeletable,
  summaryFromRow,
  type CheckpointEntry,
  type CheckpointStore,
  type ClaimOptions,
  type ListOptions,
  type StopRequestOptions,
  type StoredGraph,
  type ThreadLease,
  type ThreadSummary,
} from '@weft/checkpoint';
import { ENTRY_COLUMNS, entryToParams, type CheckpointRow } from './checkpoint-row.ts';
import { duplicateId } from './duplicate-id.ts';
import { PostgresBlobs } from './postgres-blobs.ts';
import { PostgresGraphs } from './postgres-graphs.ts';
import { runMigrations } from './migrations.ts';
import { PostgresLeases } from './postgres-leases.ts';
import { resolveOptions, type PostgresStoreOptions, type ResolvedOptions } from './postgres-store-options.ts';
import { isStorableText } from './storable-text.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * A `CheckpointStore` in PostgreSQL, shared by any number of processes and
 * machines. `put` is one statement that inserts only when the thread's head is
 * `seq - 1`; two writers with the same `seq` collide on the primary key
 * (thread_id, seq), so exactly one commits and the other gets
 * `CONCURRENT_RESUME` with nothing written.
 *
 * The thread lease lives in its own table and runs on the database's clock
 * (see PostgresLeases). Thread ids PostgreSQL cannot keep as they are (a NUL,
 * a lone surrogate) are refused with `INVALID_ARGUMENT` before any query.
 *
 * Tables are created on first use (see `migrate()`). Errors from the server or
 * the connection (refused, authentication, timeouts) are pg's own errors,
 * passed through unchanged: check `err.code` (e.g. 'ECONNREFUSED', '28P01').
 */
export class PostgresStore implements CheckpointStore {
  readonly #o: ResolvedOptions;
  readonly #table: string;
  readonly #leases: PostgresLeases;
  readonly #blobs: PostgresBlobs;
  readonly #graphs: PostgresGraphs;
  #ready: Promise<void> | undefined;
  #closed: Promise<void> | undefined;

  constructor(options: PostgresStoreOptions = {}) {
    this.#o = resolveOptions(options);
    this.#table = `${this.#o.schemaSql}.checkpoints`;
    this.#leases = new PostgresLeases((name, text, values) => this.#query(name, text, values), this.#o.schemaSql);
    this.#blobs = new PostgresBlobs(this.#o.pool, this.#o.schema, this.#o.schemaSql);
    this.#graphs = new PostgresGraphs((name, text, values) => this.#query(name, text, values), this.#o.schemaSql);
  }

  /** The pool in use (yours, or the one the store created). */
  get pool(): pg.Pool {
    return this.#o.pool;
  }

  get schema(): string {
    return this.#o.schema;
  }

  /**
   * Creates the schema and applies pending migrations. Called on first use;
   * call it yourself to fail fast at startup. Safe to run from many processes
   * at once. A failed attempt is retried by the next call.
   */
  migrate(): Promise<void> {
    this.#ready ??= runMigrations(this.#o.pool, this.#o.schema, this.#o.schemaSql).then(
      () => undefined,
      (err: unknown) => {
        this.#ready = undefined;
        throw err;
      },
    );
    return this.#ready;
  }

  /**
   * A put with blobs runs in a transaction under the thread's blob lock (see
   * PostgresBlobs): the checkpoint, then its blobs and references, or nothing.
   */
  async put(entry: CheckpointEntry): Promise<void> {
    checkThreadId(entry?.threadId, 'PostgresStore.put()');
    await this.migrate();
    const blobs = entry.blobs;
    if (!blobs?.length) return this.#put(entry, (name, text, values) => this.#query(name, text, values));
    await this.#blobs.locked(entry.threadId, async (client) => {
      await this.#put(entry, (name, text, values) => client.query({ name: this.#name(name), text, values }));
      await this.#blobs.insert(client, entry.threadId, entry.id, blobs);
    });
  }

  async getBlobs(threadId: string, hashes: readonly string[]): Promise<Map<string, Uint8Array>> {
    checkThreadId(threadId, 'PostgresStore.getBlobs()');
    await this.migrate();
    return this.#blobs.get(threadId, hashes.filter(isStorableText));
  }

  async #put(entry: CheckpointEntry, query: Query): Promise<void> {
    const sql = `
      WITH head AS (SELECT coalesce(max(seq), 0) AS version FROM ${this.#table} WHERE thread_id = $1::text),
      inserted AS (
        INSERT INTO ${this.#table} (${ENTRY_COLUMNS})
        SELECT $1::text, $2::integer, $3::text, $4::text, $5::integer, $6::text, $7::bigint, $8::bytea
        FROM head WHERE head.version = $2::integer - 1
        RETURNING seq
      )
      SELECT (SELECT version FROM head) AS version, (SELECT count(*) FROM inserted)::integer AS inserted`;
    let row: { version: number; inserted: number } | undefined;
    try {
      row = ((await query('put', sql, entryToParams(entry))) as pg.QueryResult<{ version: number; inserted: number }>).rows[0];
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another writer committed this seq (or this id) between our read of the head and our insert.
      if (err.constraint === 'checkpoints_id') throw duplicateId(entry.threadId, entry.id, err);
      throw concurrentResume(entry.threadId, entry.seq, await this.#version(entry.threadId));
    }
    if (row?.inserted !== 1) throw concurrentResume(entry.threadId, entry.seq, row?.version ?? 0);
  }

  async get(threadId: string, checkpointId?: string): Promise<CheckpointEntry | undefined> {
    checkThreadId(threadId, 'PostgresStore.get()');
    if (checkpointId !== undefined && !isStorableText(checkpointId)) return undefined; // no stored id has it
    await this.migrate();
    const res =
      checkpointId === undefined
        ? await this.#query<CheckpointRow>(
            'get-head',
            `SELECT ${ENTRY_COLUMNS} FROM ${this.#table} WHERE thread_id = $1::text ORDER BY seq DESC LIMIT 1`,
            [threadId],
          )
        : await this.#query<CheckpointRow>(
            'get-id',
            `SELECT ${ENTRY_COLUMNS} FROM ${this.#table} WHERE thread_id = $1::text AND id = $2::text`,
            [threadId, checkpointId],
          );
    const row = res.rows[0];
    return row && entryFromRow(row);
  }

  async chain(threadId: string, checkpointId: string, limit: number): Promise<CheckpointEntry[]> {
    checkThreadId(threadId, 'PostgresStore.chain()');
    if (!isStorableText(checkpointId)) return [];
    await this.migrate();
    const res = await this.#query<CheckpointRow>(
      'chain',
      `WITH RECURSIVE link(n, link_id, link_parent) AS (
         SELECT 1, id, parent_id FROM ${this.#table} WHERE thread_id = $1::text AND id = $2::text
         UNION ALL
         SELECT link.n + 1, c.id, c.parent_id FROM link
         JOIN ${this.#table} c ON c.thread_id = $1::text AND c.id = link.link_parent
         WHERE link.n < $3::integer
       )
       SELECT ${ENTRY_COLUMNS} FROM link JOIN ${this.#table} ON thread_id = $1::text AND id = link.link_id
       ORDER BY link.n`,
      [threadId, checkpointId, Math.max(0, Math.floor(limit))],
    );
    return res.rows.map(entryFromRow);
  }

  async list(threadId: string, options: ListOptions = {}): Promise<CheckpointEntry[]> {
    checkThreadId(threadId, 'PostgresStore.list()');
    await this.migrate();
    // NULL means "no bound" for both: LIMIT NULL is LIMIT ALL.
    const limit = options.limit === undefined || options.limit === Infinity ? null : Math.max(0, Math.floor(options.limit));
    const before = options.beforeSeq ?? null;
    const res = await this.#query<CheckpointRow>(
      'list',
      `SELECT ${ENTRY_COLUMNS} FROM ${this.#table}
       WHERE thread_id = $1::text AND ($2::float8 IS NULL OR seq < $2::float8)
       ORDER BY seq DESC LIMIT $3::bigint`,
      [threadId, before, limit],
    );
    return res.rows.map(entryFromRow);
  }

  async delete(threadId: string): Promise<void> {
    checkThreadId(threadId, 'PostgresStore.delete()');
    await this.migrate();
    await this.#blobs.locked(threadId, async (client) => {
      await client.query({ name: this.#name('delete'), text: `DELETE FROM ${this.#table} WHERE thread_id = $1::text`, values: [threadId] });
      await this.#blobs.deleteThread(client, threadId);
    });
  }

  /**
   * Prunes checkpoints of one thread. The head check and the delete are one
   * statement, so they see one snapshot: a head written concurrently is not in
   * it and cannot be deleted, and the thread's version never goes back. The
   * blobs no remaining checkpoint refers to go in the same transaction.
   */
  async deleteCheckpoints(threadId: string, ids: readonly string[]): Promise<number> {
    checkThreadId(threadId, 'PostgresStore.deleteCheckpoints()');
    // An id PostgreSQL cannot hold is unknown, and unknown ids are ignored.
    const unique = [...new Set(ids)].filter(isStorableText);
    if (unique.length === 0) return 0;
    await this.migrate();
    return this.#blobs.locked(threadId, async (client) => {
      const deleted = await this.#deleteCheckpoints(client, threadId, unique);
      if (deleted > 0) await this.#blobs.pruned(client, threadId, unique);
      return deleted;
    });
  }

  async #deleteCheckpoints(client: pg.PoolClient, threadId: string, unique: string[]): Promise<number> {
    const res = await client.query<{ head: string | null; deleted: number }>({
      name: this.#name('delete-checkpoints'),
      text: `WITH head AS (SELECT id FROM ${this.#table} WHERE thread_id = $1::text ORDER BY seq DESC LIMIT 1),
       deleted AS (
         DELETE FROM ${this.#table}
         WHERE thread_id = $1::text AND id = ANY($2::text[])
           AND NOT EXISTS (SELECT 1 FROM head WHERE head.id = ANY($2::text[]))
         RETURNING 1
       )
       SELECT (SELECT id FROM head WHERE head.id = ANY($2::text[])) AS head, (SELECT count(*) FROM deleted)::integer AS deleted`,
      values: [threadId, unique],
    });
    const row = res.rows[0];
    if (row?.head != null) throw headNotDeletable(threadId, row.head);
    return row?.deleted ?? 0;
  }

  async threads(): Promise<ThreadSummary[]> {
    await this.migrate();
    const res = await this.#query<Omit<CheckpointRow, 'bytes' | 'parent_id'>>(
      'threads',
      `SELECT * FROM (
         SELECT DISTINCT ON (thread_id) thread_id, seq, id, step, status, created_at
         FROM ${this.#table} ORDER BY thread_id, seq DESC
       ) heads
       ORDER BY created_at DESC, thread_id`,
      [],
    );
    return res.rows.map(summaryFromRow);
  }

  async claimThread(threadId: string, options: ClaimOptions): Promise<ThreadLease> {
    checkClaim(threadId, options);
    if (!isStorableText(options.holder))
      throw new WeftError('INVALID_ARGUMENT', 'claimThread(): holder must not contain a NUL character or a lone surrogate');
    await this.migrate();
    return this.#leases.claim(threadId, options.holder, options.ttlMs ?? this.#o.leaseTtlMs, options.takeOver === true);
  }

  async renewThread(lease: ThreadLease): Promise<ThreadLease> {
    checkLease(lease, 'PostgresStore.renewThread()');
    await this.migrate();
    return this.#leases.renew(lease);
  }

  async releaseThread(lease: ThreadLease): Promise<void> {
    checkLease(lease, 'PostgresStore.releaseThread()');
    await this.migrate();
    await this.#leases.release(lease);
  }

  async threadLease(threadId: string): Promise<ThreadLease | undefined> {
    checkThreadId(threadId, 'PostgresStore.threadLease()');
    await this.migrate();
    return this.#leases.held(threadId);
  }

  async requestStop(threadId: string, request: StopRequestOptions): Promise<ThreadLease | undefined> {
    checkStopRequest(threadId, request, 'PostgresStore.requestStop()');
    await this.migrate();
    return this.#leases.requestStop(threadId, request);
  }

  /** Keeps the graph's description unless its (name, hash) is stored already (INSERT … ON CONFLICT DO NOTHING). */
  async putGraph(graph: StoredGraph): Promise<void> {
    checkStoredGraph(graph, 'PostgresStore.putGraph()');
    await this.migrate();
    await this.#graphs.insert(graph);
  }

  async getGraph(name: string, hash: string): Promise<StoredGraph | undefined> {
    checkGraphKey(name, 'name', 'PostgresStore.getGraph()');
    checkGraphKey(hash, 'hash', 'PostgresStore.getGraph()');
    await this.migrate();
    return this.#graphs.get(name, hash);
  }

  async graphs(name?: string): Promise<StoredGraph[]> {
    if (name !== undefined) checkGraphKey(name, 'name', 'PostgresStore.graphs()');
    await this.migrate();
    return this.#graphs.list(name);
  }

  /**
   * Ends the pool the store created, once in-flight queries finish. A pool
   * passed in is left open: its owner ends it. Calling close() again is a no-op.
   */
  close(): Promise<void> {
    this.#closed ??= this.#o.ownsPool ? this.#o.pool.end() : Promise.resolve();
    return this.#closed;
  }

  async #version(threadId: string): Promise<number> {
    const res = await this.#query<{ version: number }>(
      'version',
      `SELECT coalesce(max(seq), 0) AS version FROM ${this.#table} WHERE thread_id = $1::text`,
      [threadId],
    );
    return res.rows[0]?.version ?? 0;
  }

  /**
   * A named (prepared) statement: parsed and planned once per connection. The
   * schema is part of the name because stores with different schemas may share one pool.
   */
  #query<R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    return this.#o.pool.query<R>({ name: this.#name(name), text, values });
  }

  #name(name: string): string {
    return `weft.${this.#o.schema}.${name}`;
  }
}

/** A query on the pool or on one transaction's client. */
type Query = (name: string, text: string, values: unknown[]) => Promise<pg.QueryResult>;

/** A lease as a claim returned it: its thread and token are all renewing and releasing use. */
function checkLease(lease: ThreadLease, where: string): void {
  if (lease === null || typeof lease !== 'object')
    throw new WeftError('INVALID_ARGUMENT', `${where}: pass the lease claimThread() returned`);
  checkThreadId(lease.threadId, where);
  if (typeof lease.token !== 'string' || !isStorableText(lease.token))
    throw new WeftError('INVALID_ARGUMENT', `${where}: the lease's token must be the string claimThread() returned`);
}

function isUniqueViolation(err: unknown): err is Error & { code: string; constraint?: string } {
  return err instanceof Error && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
}
