import type Database from 'better-sqlite3';
import { MemoryError } from '@weft/memory';
import type { VectorSearch } from './sqlite-memory-bank-options.ts';

/**
 * Loads sqlite-vec into `db` for `vectors: 'auto'` or `'sqlite-vec'`, and
 * says which way vector search runs. sqlite-vec is an optional dependency:
 * when it is not installed or has no build for this platform, `auto` scans
 * in JavaScript instead, and `sqlite-vec` fails with INVALID_ARGUMENT.
 */
export async function loadSqliteVec(db: Database.Database, wanted: VectorSearch): Promise<'sqlite-vec' | 'scan'> {
  if (wanted === 'scan') return 'scan';
  try {
    const vec = await import('sqlite-vec');
    vec.load(db);
    return 'sqlite-vec';
  } catch (err) {
    if (wanted === 'auto') return 'scan';
    throw new MemoryError(
      'INVALID_ARGUMENT',
      `new SqliteMemoryBank(): vectors is 'sqlite-vec' but the extension could not be loaded (${(err as Error)?.message ?? String(err)}); install the sqlite-vec package for this platform, or pass vectors: 'auto' to scan in JavaScript when it is missing`,
      { cause: err },
    );
  }
}
