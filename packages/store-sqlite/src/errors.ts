import Database from 'better-sqlite3';
import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '@weft/checkpoint';

/**
 * The codes this package's errors carry: the ones every store gives
 * (@weft/checkpoint's: CONCURRENT_RESUME, THREAD_BUSY, …), and
 * `STORE_UNREADABLE` — SQLite cannot open or read the database file (it is
 * damaged, empty, not a database, or not accessible). Check `err.code`.
 */
export type SqliteStoreErrorCode = CheckpointErrorCode | 'STORE_UNREADABLE';

const RESTORE = 'restore it from a backup, or move it away to start a new store';

/** The file is there but holds nothing: a Weft store never does (see openDatabase), so its contents were lost. */
export function emptyFile(path: string): WeftError<SqliteStoreErrorCode> {
  return new WeftError<SqliteStoreErrorCode>(
    'STORE_UNREADABLE',
    `database "${path}" is an empty file (0 bytes); a Weft store is never empty on disk, so this file lost its contents or was not written by @weft/store-sqlite: ${RESTORE} (deleting it starts a new, empty store)`,
    { details: { path, size: 0 } },
  );
}

/** What SQLite's error says about the file, and what to do about it; undefined for errors that are not about the file. */
function diagnose(code: string, opening: boolean): string | undefined {
  if (code === 'SQLITE_NOTADB') return `is not a SQLite database: ${RESTORE}`;
  if (code.startsWith('SQLITE_CORRUPT'))
    return `is damaged: ${RESTORE}; sqlite3's ".recover" command may rescue its rows into a new file (check the result before using it)`;
  if (!opening) return undefined;
  // Opening runs only fixed statements (pragmas, migrations, the schema check): when one fails, the file's header or schema is at fault.
  if (code === 'SQLITE_ERROR')
    return `cannot be read as a store (its header or schema is damaged, or it was not written by @weft/store-sqlite): ${RESTORE}`;
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_READONLY')
    return 'cannot be opened for reading and writing: check that the path names a file (not a folder) and that this process may read and write it and its folder';
  return undefined;
}

/**
 * A typed STORE_UNREADABLE for a SQLite error that is about the file itself
 * (damaged or not a database; while opening, also not accessible), naming
 * the file and what to do. Other errors come back unchanged.
 */
export function unreadable(err: unknown, path: string, opening = false): unknown {
  if (!(err instanceof Database.SqliteError)) return err;
  const what = diagnose(err.code, opening);
  if (what === undefined) return err;
  return new WeftError<SqliteStoreErrorCode>('STORE_UNREADABLE', `database "${path}" ${what} (SQLite: ${err.code}, ${err.message})`, {
    details: { path, sqliteCode: err.code },
    cause: err,
  });
}

/**
 * A thread whose rows disagree with each other or with their checksums: SQLite
 * reads the file, but what it gives for this thread is not what was written
 * (a flipped byte, a lost index entry). Never answered with an older
 * checkpoint: resuming from one would run finished steps again.
 */
export function threadDamaged(path: string, threadId: string, what: string, checkpointId?: string): WeftError<SqliteStoreErrorCode> {
  return new WeftError<SqliteStoreErrorCode>(
    'CHECKPOINT_CORRUPT',
    `thread "${threadId}" in database "${path}" is damaged: ${what}; restore the file from a backup, or delete the thread to give it up (resuming it from an older checkpoint would run the later steps again)`,
    { details: { path, threadId, ...(checkpointId === undefined ? {} : { checkpointId }) } },
  );
}

/**
 * A stored graph whose row no longer matches its checksum: its description is
 * not the one written, and reading checkpoints against it would be wrong.
 */
export function graphDamaged(path: string, name: string, hash: string): WeftError<SqliteStoreErrorCode> {
  return new WeftError<SqliteStoreErrorCode>(
    'CHECKPOINT_CORRUPT',
    `the stored description of graph "${name}" (hash "${hash}") in database "${path}" is damaged (its row does not match its checksum); restore the file from a backup`,
    { details: { path, name, hash } },
  );
}

/** Held puts (durability 'exit') that the file did not take when a run released its thread. */
export function checkpointsNotWritten(threadId: string, path: string, cause: unknown): WeftError<SqliteStoreErrorCode> {
  return new WeftError<SqliteStoreErrorCode>(
    'CHECKPOINTS_NOT_WRITTEN',
    `the checkpoints of thread "${threadId}" held for ${path} could not be written (${cause instanceof Error ? cause.message : String(cause)}); the run's last steps are lost: fix the file system, then resume the thread from its last written checkpoint`,
    { cause, details: { threadId, path } },
  );
}
