import Database from 'better-sqlite3';
import { WeftError } from '@weft/common';
import type { SqliteStoreErrorCode } from './errors.ts';
import { migrate } from './migrations.ts';
import { SCHEMA_VERSION } from './schema-version.ts';

/**
 * The columns and index columns of the tables named in the JSON list `@tables`, as
 * SQLite reads them from the schema. Only the store's own tables are read:
 * a file may hold other tables too (a memory bank's, an application's), and
 * they are not the store's to judge.
 */
const SHAPE = `
  WITH own(name) AS (SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (SELECT value FROM json_each(@tables)) ORDER BY name)
  SELECT json_group_array(json_array(m.name, p.cid, p.name, p.type, p."notnull", p.pk))
  FROM own m, pragma_table_info(m.name) p
  UNION ALL
  SELECT json_group_array(json_array(m.name, l.name, l."unique", i.seqno, i.name))
  FROM own m, pragma_index_list(m.name) l, pragma_index_info(l.name) i`;

const shapeOf = (db: Database.Database, tables: string): string =>
  db.prepare<{ tables: string }, string>(SHAPE).pluck().all({ tables }).join('\n');

let expected: { tables: string; shape: string } | undefined;

/** The tables MIGRATIONS build and their shape, from a private in-memory database (once per process, well under a millisecond). */
function expectedShape(): { tables: string; shape: string } {
  if (expected === undefined) {
    const db = new Database(':memory:');
    try {
      migrate(db, ':memory:');
      const tables = JSON.stringify(
        db.prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all(),
      );
      expected = { tables, shape: shapeOf(db, tables) };
    } finally {
      db.close();
    }
  }
  return expected;
}

/**
 * Refuses a database whose tables are not those of its schema version. The
 * schema is text in the file's first page: a flipped byte there can rename a
 * column or drop an index and still parse, and every query would then fail
 * with a bare SQLite error, or an index would silently be missing.
 */
export function checkSchema(db: Database.Database, path: string): void {
  const { tables, shape } = expectedShape();
  if (shapeOf(db, tables) === shape) return;
  throw new WeftError<SqliteStoreErrorCode>(
    'STORE_UNREADABLE',
    `database "${path}" says it has schema version ${SCHEMA_VERSION}, but its tables are not the ones that version has: it is damaged, or was changed by something other than @weft/store-sqlite; restore it from a backup, or move it away to start a new store`,
    { details: { path, version: SCHEMA_VERSION } },
  );
}
