import Sqlite, { type Database } from 'better-sqlite3';
import { WeftError } from '@weft/common';
import type { SqliteStoreErrorCode } from './errors.ts';
import { bytesChecksum, rowChecksum } from './row-checksum.ts';
import { MIGRATIONS, SCHEMA_VERSION } from './schema-version.ts';

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
