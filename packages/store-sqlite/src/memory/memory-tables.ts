import type Database from 'better-sqlite3';

/** The names of a bank's tables: a checked prefix (see checkBankOptions) and a fixed suffix, so they are safe in SQL text. */
export interface MemoryTables {
  items: string;
  fts: string;
  idempotency: string;
  embeddings: string;
}

/** The table names under `prefix`. */
export function memoryTables(prefix: string): MemoryTables {
  return { items: `${prefix}items`, fts: `${prefix}fts`, idempotency: `${prefix}idempotency`, embeddings: `${prefix}embeddings` };
}

/**
 * Creates the bank's tables when absent, in one IMMEDIATE transaction, so
 * two processes opening a new file at once create them once.
 *
 * - items: one row per (ns, key); the value and origin as JSON text, times
 *   in epoch ms, the text the item is searched by (`text`, null when none),
 *   its sha-256 (`text_hash`, what the embedding cache is keyed by) and its
 *   vector as little-endian float32 (sqlite-vec's form, read by the scan too).
 *   The (ns, key) key's binary order is code point order: pages and prefix
 *   ranges read it.
 * - fts: an FTS5 index over items.text (external content: the text is kept
 *   once), kept in step by triggers, so every write changes both in its
 *   own transaction.
 * - idempotency: the keys of puts that happened, written in the put's transaction.
 * - embeddings: vectors by embedder name and sha-256 of the text.
 */
export function createMemoryTables(db: Database.Database, t: MemoryTables): void {
  db.transaction(() => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${t.items} (
        id INTEGER PRIMARY KEY,
        ns TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        origin TEXT,
        text TEXT,
        text_hash TEXT,
        vector BLOB,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        expires_at INTEGER,
        UNIQUE (ns, key)
      );
      CREATE INDEX IF NOT EXISTS ${t.items}_expires ON ${t.items} (expires_at) WHERE expires_at IS NOT NULL;
      CREATE INDEX IF NOT EXISTS ${t.items}_text_hash ON ${t.items} (text_hash) WHERE text_hash IS NOT NULL;
      CREATE VIRTUAL TABLE IF NOT EXISTS ${t.fts} USING fts5(
        text, content='${t.items}', content_rowid='id', tokenize='unicode61 remove_diacritics 0'
      );
      CREATE TRIGGER IF NOT EXISTS ${t.items}_fts_insert AFTER INSERT ON ${t.items} WHEN new.text IS NOT NULL BEGIN
        INSERT INTO ${t.fts} (rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER IF NOT EXISTS ${t.items}_fts_delete AFTER DELETE ON ${t.items} WHEN old.text IS NOT NULL BEGIN
        INSERT INTO ${t.fts} (${t.fts}, rowid, text) VALUES ('delete', old.id, old.text);
      END;
      CREATE TRIGGER IF NOT EXISTS ${t.items}_fts_update AFTER UPDATE ON ${t.items} BEGIN
        INSERT INTO ${t.fts} (${t.fts}, rowid, text) SELECT 'delete', old.id, old.text WHERE old.text IS NOT NULL;
        INSERT INTO ${t.fts} (rowid, text) SELECT new.id, new.text WHERE new.text IS NOT NULL;
      END;
      CREATE TABLE IF NOT EXISTS ${t.idempotency} (
        key TEXT PRIMARY KEY,
        ns TEXT NOT NULL,
        item_key TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS ${t.embeddings} (
        embedder TEXT NOT NULL,
        hash TEXT NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (embedder, hash)
      ) WITHOUT ROWID;
    `);
  }).immediate();
}
