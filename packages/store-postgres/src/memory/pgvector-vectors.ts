import type pg from 'pg';
import type { VectorKind } from './vector-kind.ts';

/**
 * Vectors in pgvector's `vector` type, scored with its cosine distance
 * operator `<=>` (similarity = 1 − distance; pgvector answers NaN for an
 * all-zero vector, which scores 0 here as in the scan). Used when the server
 * offers the extension (see prepareMemorySchema); the repository's CI server
 * has no pgvector, so the tests run the scan.
 */
export const PGVECTOR_VECTORS: VectorKind = {
  name: 'pgvector',
  columnType: 'vector',
  param: (vector) => `[${vector.join(',')}]`,
  cosineSql: (column, query) =>
    `(CASE WHEN vector_norm(${column}) = 0 OR vector_norm(${query}) = 0 THEN 0 ELSE 1 - (${column} <=> ${query}) END)`,
  sameLengthSql: (column, query) => `vector_dims(${column}) = vector_dims(${query})`,
};

/** Whether the server can install pgvector (it is in pg_available_extensions). */
export async function pgvectorAvailable(client: pg.PoolClient): Promise<boolean> {
  const res = await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
  return res.rowCount === 1;
}

/** Installs pgvector in the database if it is not yet (needs the privilege to create extensions). */
export async function installPgvector(client: pg.PoolClient): Promise<void> {
  await client.query('CREATE EXTENSION IF NOT EXISTS vector');
}
