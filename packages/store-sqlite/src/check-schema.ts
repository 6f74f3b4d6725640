import Database from 'better-sqlite3';
import { WeftError } from '@weft/common';
import type { SqliteStoreErrorCode } from './errors.ts';
import { migrate } from './migrations.ts';
import { SCHEMA_VERSION } from './schema-version.ts';

/** Every table's columns and every index's columns, as SQLite reads them from the schema. */
const SHAPE = `
  SELECT json_group_array(json_array(m.name, p.cid, p.name, p.type, p."notnull", p.pk))
  FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name) m, pragma_table_info(m.name) p
  UNION ALL
  SELECT json_group_array(json_array(m.name, l.name, l."unique", i.seqno, i.name))
  FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name) m, pragma_index_list(m.name) l, pragma_index_info(l.name) i`;

const shapeOf = (db: Database.Database): string => db.prepare<[], string>(SHAPE).pluck().all().join('\n');

let expected: string | undefined;

/** The shape MIGRATIONS build, from a private in-memory database (once per process, well under a millisecond). */
function expectedShape(): string {
  if (expected === undefined) {
    const db = new Database(':memory:');
    try {
      migrate(db, ':memory:');
      expected = shapeOf(db);
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
  const found = shapeOf(db);
  if (found === expectedShape()) return;
  throw new WeftError<SqliteStoreErrorCode>(
    'STORE_UNREADABLE',
    `database "${path}" says it has schema version ${SCHEMA_VERSION}, but its tables are not the ones that version has: it is damaged, or was changed by something other than @weft/store-sqlite; restore it from a backup, or move it away to start a new store`,
    { details: { path, version: SCHEMA_VERSION } },
  );
}
