import { randomBytes } from 'node:crypto';
import { constants, copyFileSync, linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { emptyFile, unreadable } from './errors.ts';
import { checkSchema } from './check-schema.ts';
import { migrate } from './migrations.ts';

/** How long a write waits for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database at `path` (creating it when absent) in WAL mode with
 * the current schema. Failures that are about the file — it is damaged, not
 * a database, empty, or cannot be opened — are STORE_UNREADABLE errors
 * naming it.
 *
 * An empty (zero-byte) file is refused. SQLite treats one as a valid empty
 * database, which is exactly how a store that lost its contents (truncated
 * by a failed copy or a full disk) would silently become a new, empty one —
 * and threads that had finished would then run again from the start. That
 * refusal is only safe because this store never leaves an empty file itself:
 * a new database is built complete under a temporary name and linked into
 * place, so a process opening the path at the same moment sees no file or a
 * whole one, never one being created.
 */
export function openDatabase(path: string, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  const inMemory = path === ':memory:';
  if (!inMemory) prepareFile(path);
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: !inMemory });
  } catch (err) {
    throw unreadable(err, path, true);
  }
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`); // first: the next pragma may wait for another process's lock
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    migrate(db, path);
    checkSchema(db, path);
    return db;
  } catch (err) {
    db.close();
    throw unreadable(err, path, true);
  }
}

/** Creates the parent folders and the database when absent; refuses an empty file. */
function prepareFile(path: string): void {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const found = statSync(path, { throwIfNoEntry: false });
  if (found === undefined) createDatabase(path);
  else if (found.isFile() && found.size === 0) throw emptyFile(path);
}

/**
 * Builds the database under a temporary name, then links it to `path`,
 * which fails when the path exists: of processes creating the same store at
 * once, the first to link wins and the others open its file.
 */
function createDatabase(path: string): void {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.creating`;
  try {
    let db: Database.Database;
    try {
      db = new Database(temp);
    } catch (err) {
      throw unreadable(err, path, true);
    }
    try {
      db.pragma('journal_mode = WAL'); // recorded in the file: whoever opens it next is in WAL mode already
      migrate(db, path);
    } finally {
      db.close(); // checkpoints the WAL into the file and removes the WAL
    }
    place(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
}

function place(temp: string, path: string): void {
  try {
    linkSync(temp, path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return; // someone else created it first: theirs is used
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'EMLINK') throw err;
    // A file system without hard links: an exclusive copy still never replaces a store, though another process
    // opening the path during the copy could see it incomplete (and be refused as damaged).
    try {
      copyFileSync(temp, path, constants.COPYFILE_EXCL);
    } catch (copyErr) {
      if ((copyErr as NodeJS.ErrnoException).code !== 'EEXIST') throw copyErr;
    }
  }
}
