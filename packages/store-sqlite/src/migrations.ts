import Sqlite, { type Database } from 'better-sqlite3';
import { WeftError } from '@weft/graph';
import type { SqliteStoreErrorCode } from './errors.ts';
import { bytesChecksum, rowChecksum } from './row-checksum.ts';

/**
 * The schema, one migration per version: migration i brings a database from
 * `user_version` i to i + 1. Append new migrations; never edit a shipped one.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE checkpoints (
     thread_id  TEXT    NOT NULL,
     seq        INTEGER NOT NULL,
     id         TEXT    NOT NULL,
     parent_id  TEXT,
     step       INTEGER NOT NULL,
     status     TEXT    NOT NULL,
     created_at INTEGER NOT NULL,
     bytes      BLOB    NOT NULL,
     PRIMARY KEY (thread_id, seq)
   );
   CREATE UNIQUE INDEX checkpoints_thread_id_id ON checkpoints (thread_id, id);`,
  // 2: who runs each thread (CheckpointStore.claimThread). Times are ms since the epoch by the machine's clock.
  `CREATE TABLE leases (
     thread_id  TEXT    NOT NULL PRIMARY KEY,
     holder     TEXT    NOT NULL,
     token      TEXT    NOT NULL,
     since      INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     ttl_ms     INTEGER NOT NULL
   ) WITHOUT ROWID;`,
  // 3: checks against damage. Each row's checksums, and per thread a head pointer written in the same
  // transaction as each put: the latest row must be the checkpoint it names (lost index entries would
  // otherwise make an older checkpoint the latest), and a whole listing must hold `rows` checkpoints.
  `ALTER TABLE checkpoints ADD COLUMN bytes_crc INTEGER;
   ALTER TABLE checkpoints ADD COLUMN row_crc INTEGER;
   UPDATE checkpoints SET bytes_crc = weft_bytes_crc(bytes);
   UPDATE checkpoints SET row_crc = weft_row_crc(thread_id, seq, id, parent_id, step, status, created_at, bytes_crc);
   CREATE TABLE heads (
     thread_id TEXT    NOT NULL PRIMARY KEY,
     seq       INTEGER NOT NULL,
     id        TEXT    NOT NULL,
     rows      INTEGER NOT NULL
   ) WITHOUT ROWID;
   INSERT INTO heads (thread_id, seq, id, rows)
     SELECT c.thread_id, c.seq, c.id, m.rows
     FROM (SELECT thread_id, max(seq) AS seq, count(*) AS rows FROM checkpoints GROUP BY thread_id) m
     JOIN checkpoints c ON c.thread_id = m.thread_id AND c.seq = m.seq;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

const versionOf = (db: Database): number => db.pragma('user_version', { simple: true }) as number;

/** Runs migration `v`; one that fails on a table it should create or find means the version number lies. */
function apply(db: Database, path: string, from: number, v: number): void {
  try {
    db.exec(MIGRATIONS[v]!);
  } catch (err) {
    if (!(err instanceof Sqlite.SqliteError) || err.code !== 'SQLITE_ERROR') throw err;
    throw new WeftError<SqliteStoreErrorCode>(
      'STORE_UNREADABLE',
      `database "${path}" has schema version ${from}, but its tables do not match that version (${err.message}): it is damaged, or was not written by @weft/store-sqlite; restore it from a backup, or move it away to start a new store`,
      { details: { path, version: from }, cause: err },
    );
  }
}

/**
 * Brings the schema up to date in one write transaction, so a process that
 * opens the file at the same moment waits and then sees the finished schema.
 * A database written by a newer version is refused rather than guessed at.
 */
export function migrate(db: Database, path: string): void {
  // What migration 3 computes rows' checksums with: the same functions the store checks them with.
  db.function('weft_bytes_crc', { deterministic: true }, (bytes) => bytesChecksum(bytes as Uint8Array));
  db.function('weft_row_crc', { deterministic: true }, (thread_id, seq, id, parent_id, step, status, created_at, bytes_crc) =>
    rowChecksum({ thread_id, seq, id, parent_id, step, status, created_at, bytes_crc }),
  );
  db.transaction(() => {
    const from = versionOf(db);
    if (from > SCHEMA_VERSION) {
      throw new WeftError(
        'CHECKPOINT_VERSION',
        `database "${path}" has schema version ${from}, but this @weft/store-sqlite knows versions up to ${SCHEMA_VERSION}; open it with the newer @weft/store-sqlite that wrote it (if none did, the file is damaged: restore it from a backup)`,
        { details: { path, version: from, supported: SCHEMA_VERSION } },
      );
    }
    if (from < 0) {
      // user_version is a signed 32-bit number in the file's header; this store never writes a negative one.
      throw new WeftError<SqliteStoreErrorCode>(
        'STORE_UNREADABLE',
        `database "${path}" has schema version ${from}, which no @weft/store-sqlite writes: it is damaged; restore it from a backup, or move it away to start a new store`,
        { details: { path, version: from } },
      );
    }
    for (let v = from; v < SCHEMA_VERSION; v++) apply(db, path, from, v);
    // PRAGMA takes no bound parameters; the value is our own integer.
    if (from < SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}
