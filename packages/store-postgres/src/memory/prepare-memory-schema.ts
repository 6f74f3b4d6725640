import type pg from 'pg';
import { MemoryError } from '@weft/memory';
import type { VectorsOption } from './memory-bank-options.ts';
import { installPgvector, PGVECTOR_VECTORS, pgvectorAvailable } from './pgvector-vectors.ts';
import { SCAN_VECTORS, type VectorKind } from './vector-kind.ts';

/** First half of the advisory lock key ('WFMB'); the second is the schema's hash. Not the checkpoint store's key. */
const LOCK_CLASS = 0x57464d42;

/**
 * Creates the bank's tables in `schema` if they are not there, and says how
 * its vectors are kept. Runs in one transaction under an advisory lock, so
 * banks that open together queue up instead of racing on CREATE; the second
 * finds the work done. A schema keeps the vector kind it was created with:
 * asking for the other one is INVALID_ARGUMENT, as is `vectors: 'pgvector'`
 * on a server without the extension (checked before anything is created).
 */
export async function prepareMemorySchema(pool: pg.Pool, schema: string, schemaSql: string, vectors: VectorsOption): Promise<VectorKind> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_CLASS, schema]);
    const kind = await chooseVectors(client, schema, schemaSql, vectors);
    if (kind.name === 'pgvector') await installPgvector(client);
    await client.query(tablesSql(schemaSql, kind));
    await client.query('COMMIT');
    return kind;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function chooseVectors(client: pg.PoolClient, schema: string, schemaSql: string, vectors: VectorsOption): Promise<VectorKind> {
  const existing = await client.query<{ type: string }>(
    `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = to_regclass($1::text) AND attname = 'embedding' AND NOT attisdropped`,
    [`${schemaSql}.memory_items`],
  );
  const type = existing.rows[0]?.type;
  if (type !== undefined) {
    const kind = type.startsWith('vector') ? PGVECTOR_VECTORS : SCAN_VECTORS;
    if (vectors !== 'auto' && vectors !== kind.name)
      throw new MemoryError(
        'INVALID_ARGUMENT',
        `new PostgresMemoryBank(): schema "${schema}" keeps its vectors as ${type} (vectors: '${kind.name}'), not '${vectors}'; pass vectors: '${kind.name}' or 'auto', or use another schema`,
        { details: { schema, vectors, kept: kind.name } },
      );
    return kind;
  }
  if (vectors === 'scan') return SCAN_VECTORS;
  const available = await pgvectorAvailable(client);
  if (available) return PGVECTOR_VECTORS;
  if (vectors === 'auto') return SCAN_VECTORS;
  throw new MemoryError(
    'INVALID_ARGUMENT',
    "new PostgresMemoryBank(): vectors: 'pgvector' needs the pgvector extension, which this PostgreSQL server does not have; install it (https://github.com/pgvector/pgvector) or pass vectors: 'scan' (or 'auto') for the exact float8[] scan",
    { details: { vectors } },
  );
}

/**
 * The tables: items (jsonb value, its tsvector beside it with a GIN index,
 * the vector, times in epoch ms), the idempotency keys used (by sha-256) and
 * the embedding cache (by embedder name and the text's sha-256). Namespaces
 * and keys collate as "C": byte order, which is code point order, as every bank sorts.
 */
function tablesSql(s: string, kind: VectorKind): string {
  return `
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.memory_items (
      ns         text COLLATE "C" NOT NULL,
      key        text COLLATE "C" NOT NULL,
      value      jsonb  NOT NULL,
      search     tsvector,
      embedding  ${kind.columnType},
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL,
      expires_at bigint,
      origin     jsonb,
      PRIMARY KEY (ns, key)
    );
    CREATE INDEX IF NOT EXISTS memory_items_search ON ${s}.memory_items USING gin (search);
    CREATE INDEX IF NOT EXISTS memory_items_expiry ON ${s}.memory_items (expires_at) WHERE expires_at IS NOT NULL;
    CREATE TABLE IF NOT EXISTS ${s}.memory_idempotency (
      key_sha256 bytea  PRIMARY KEY,
      ns         text COLLATE "C" NOT NULL,
      key        text COLLATE "C" NOT NULL,
      created_at bigint NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${s}.memory_embeddings (
      embedder    text  NOT NULL,
      text_sha256 bytea NOT NULL,
      vector      float8[] NOT NULL,
      PRIMARY KEY (embedder, text_sha256)
    )`;
}
