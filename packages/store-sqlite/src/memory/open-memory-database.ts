import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { EmbeddingCache } from './embedding-cache.ts';
import { loadSqliteVec } from './load-sqlite-vec.ts';
import type { MemoryRow } from './memory-row.ts';
import { ROW_COLUMNS } from './memory-row.ts';
import { createMemoryTables, memoryTables } from './memory-tables.ts';
import type { MemoryTables } from './memory-tables.ts';
import type { CheckedBankOptions } from './sqlite-memory-bank-options.ts';

/** How long a write waits for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

type Stmt<P extends unknown[], R = unknown> = Database.Statement<P, R>;

/** A bank's open database: its tables, the statements every call uses, and how vector search runs. */
export interface MemoryDatabase {
  db: Database.Database;
  /** Whether the bank opened it (and so closes it). */
  owned: boolean;
  tables: MemoryTables;
  vectors: 'sqlite-vec' | 'scan';
  cache: EmbeddingCache;
  get: Stmt<[string, string, number], MemoryRow>;
  delete: Stmt<[string, string], { expires_at: number | null }>;
  findIdempotency: Stmt<[string], { ns: string; item_key: string }>;
  claimIdempotency: Stmt<[string, string, string]>;
  upsert: Stmt<unknown[], MemoryRow>;
  sweep: Stmt<[number]>;
  pruneEmbeddings: Stmt<[]>;
}

/**
 * Opens (or takes) the database, loads sqlite-vec when asked, creates the
 * tables when absent and prepares the statements. A file is opened in WAL
 * mode with a busy timeout, so processes sharing it wait for each other's
 * writes instead of failing.
 */
export async function openMemoryDatabase(options: CheckedBankOptions): Promise<MemoryDatabase> {
  const owned = 'path' in options.source;
  const db = 'path' in options.source ? openFile(options.source.path) : options.source.database;
  try {
    const vectors = await loadSqliteVec(db, options.vectors);
    const tables = memoryTables(options.tablePrefix);
    createMemoryTables(db, tables);
    return { db, owned, tables, vectors, cache: new EmbeddingCache(db, tables.embeddings), ...statements(db, tables) };
  } catch (err) {
    if (owned) db.close();
    throw err;
  }
}

function openFile(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`); // first: the next pragma may wait for another process's lock
    db.pragma('journal_mode = WAL');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function statements(db: Database.Database, t: MemoryTables) {
  const live = '(i.expires_at IS NULL OR i.expires_at > ?)';
  return {
    get: db.prepare<[string, string, number], MemoryRow>(
      `SELECT ${ROW_COLUMNS} FROM ${t.items} i WHERE i.ns = ? AND i.key = ? AND ${live}`,
    ),
    delete: db.prepare<[string, string], { expires_at: number | null }>(
      `DELETE FROM ${t.items} WHERE ns = ? AND key = ? RETURNING expires_at`,
    ),
    findIdempotency: db.prepare<[string], { ns: string; item_key: string }>(`SELECT ns, item_key FROM ${t.idempotency} WHERE key = ?`),
    claimIdempotency: db.prepare<[string, string, string]>(
      `INSERT INTO ${t.idempotency} (key, ns, item_key) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING`,
    ),
    // An item past its expiry is gone for everyone: writing over it starts a new item (createdAt is the write's time).
    upsert: db.prepare<unknown[], MemoryRow>(
      `INSERT INTO ${t.items} (ns, key, value, origin, text, text_hash, vector, created_at, updated_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (ns, key) DO UPDATE SET
         value = excluded.value, origin = excluded.origin, text = excluded.text, text_hash = excluded.text_hash,
         vector = excluded.vector, updated_at = excluded.updated_at, expires_at = excluded.expires_at,
         created_at = CASE WHEN expires_at IS NOT NULL AND expires_at <= excluded.updated_at THEN excluded.created_at ELSE created_at END
       RETURNING ns, key, value, origin, created_at, updated_at, expires_at`,
    ),
    sweep: db.prepare<[number]>(`DELETE FROM ${t.items} WHERE expires_at IS NOT NULL AND expires_at <= ?`),
    pruneEmbeddings: db.prepare<[]>(
      `DELETE FROM ${t.embeddings} WHERE NOT EXISTS (SELECT 1 FROM ${t.items} i WHERE i.text_hash = ${t.embeddings}.hash)`,
    ),
  };
}
