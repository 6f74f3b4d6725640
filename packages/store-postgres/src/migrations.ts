import type pg from 'pg';

/** One schema change. Versions only grow; an applied migration is never edited, a new one is added. */
interface Migration {
  version: number;
  name: string;
  sql: (schema: string) => string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'checkpoints',
    sql: (s) => `
      CREATE TABLE ${s}.checkpoints (
        thread_id  text    NOT NULL,
        seq        integer NOT NULL,
        id         text    NOT NULL,
        parent_id  text,
        step       integer NOT NULL,
        status     text    NOT NULL,
        created_at bigint  NOT NULL,
        bytes      bytea   NOT NULL,
        CONSTRAINT checkpoints_head PRIMARY KEY (thread_id, seq),
        CONSTRAINT checkpoints_id UNIQUE (thread_id, id)
      )`,
  },
  {
    // One row per claimed thread. Times are the database's (clock_timestamp()), never a client's, so
    // machines with skewed clocks agree on whether a lease has expired. A released lease's row is
    // deleted; an expired one stays until the thread is claimed again.
    version: 2,
    name: 'leases',
    sql: (s) => `
      CREATE TABLE ${s}.leases (
        thread_id  text        PRIMARY KEY,
        holder     text        NOT NULL,
        token      text        NOT NULL,
        since      timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        ttl_ms     bigint      NOT NULL
      )`,
  },
  {
    // Binary values kept once per thread by sha-256 (CheckpointStore.getBlobs), and which checkpoint refers
    // to which, so pruning drops the blobs nothing refers to.
    version: 3,
    name: 'blobs',
    sql: (s) => `
      CREATE TABLE ${s}.blobs (
        thread_id text  NOT NULL,
        hash      text  NOT NULL,
        bytes     bytea NOT NULL,
        PRIMARY KEY (thread_id, hash)
      );
      CREATE TABLE ${s}.blob_refs (
        thread_id     text NOT NULL,
        checkpoint_id text NOT NULL,
        hash          text NOT NULL,
        PRIMARY KEY (thread_id, checkpoint_id, hash)
      );
      CREATE INDEX blob_refs_by_hash ON ${s}.blob_refs (thread_id, hash)`,
  },
  {
    // Each compiled graph's description once by (name, hash) (CheckpointStore.putGraph), so a checkpoint can be
    // read against the graph that wrote it. created_at is float8: any finite number is kept as given.
    version: 4,
    name: 'graphs',
    sql: (s) => `
      CREATE TABLE ${s}.weft_graphs (
        name       text             NOT NULL,
        hash       text             NOT NULL,
        version    text,
        json       text             NOT NULL,
        created_at double precision NOT NULL,
        PRIMARY KEY (name, hash)
      )`,
  },
  {
    // A stop request on a lease (CheckpointStore.requestStop): who asked, why, and when (the database's clock).
    // All three NULL until someone asks; a claim sets them back to NULL.
    version: 5,
    name: 'lease stop requests',
    sql: (s) => `
      ALTER TABLE ${s}.leases
        ADD COLUMN stop_by     text,
        ADD COLUMN stop_reason text,
        ADD COLUMN stop_at     timestamptz`,
  },
];

/** Constant first half of the advisory lock key ('WEFT'); the second half is the schema's hash. */
const LOCK_CLASS = 0x57454654;

/**
 * Brings `schema` up to the latest version. Runs in one transaction holding a
 * transaction-scoped advisory lock, so processes that start together queue up
 * instead of racing on CREATE SCHEMA/TABLE; whoever comes second finds the
 * work done. Returns the versions this call applied.
 */
export async function runMigrations(pool: pg.Pool, schema: string, schemaSql: string): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_CLASS, schema]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schemaSql}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schemaSql}.weft_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ version: number }>(`SELECT version FROM ${schemaSql}.weft_migrations`)).rows.map((r) => r.version),
    );
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await client.query(m.sql(schemaSql));
      await client.query(`INSERT INTO ${schemaSql}.weft_migrations (version, name) VALUES ($1, $2)`, [m.version, m.name]);
      applied.push(m.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
