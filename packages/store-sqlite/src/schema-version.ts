// The schema as data, apart from the code that applies it: the package's public types export
// SCHEMA_VERSION, and a declaration file that imported better-sqlite3 would need its types
// (@types/better-sqlite3) in every user's project that type-checks its dependencies.
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
  // 4: binary values kept once per thread by sha-256 (CheckpointStore.getBlobs), and which checkpoint refers to
  // which, so pruning drops the blobs nothing refers to. `blobs` has rowids: its rows are large, and SQLite keeps
  // a WITHOUT ROWID table's rows in its index pages.
  `CREATE TABLE blobs (
     thread_id TEXT NOT NULL,
     hash      TEXT NOT NULL,
     bytes     BLOB NOT NULL,
     PRIMARY KEY (thread_id, hash)
   );
   CREATE TABLE blob_refs (
     thread_id     TEXT NOT NULL,
     checkpoint_id TEXT NOT NULL,
     hash          TEXT NOT NULL,
     PRIMARY KEY (thread_id, checkpoint_id, hash)
   ) WITHOUT ROWID;
   CREATE INDEX blob_refs_by_hash ON blob_refs (thread_id, hash);`,
  // 5: each compiled graph's description once by (name, hash) (CheckpointStore.putGraph), so a checkpoint can be read
  // against the graph that wrote it. created_at is REAL: any finite number is kept as given. Rows have rowids: a
  // description can be megabytes.
  `CREATE TABLE weft_graphs (
     name       TEXT    NOT NULL,
     hash       TEXT    NOT NULL,
     version    TEXT,
     json       TEXT    NOT NULL,
     created_at REAL    NOT NULL,
     row_crc    INTEGER NOT NULL,
     PRIMARY KEY (name, hash)
   );`,
  // 6: a stop request on a lease (CheckpointStore.requestStop): who asked, why, and when. All three NULL until someone
  // asks; a new claim replaces the row, which clears them.
  `ALTER TABLE leases ADD COLUMN stop_by TEXT;
   ALTER TABLE leases ADD COLUMN stop_reason TEXT;
   ALTER TABLE leases ADD COLUMN stop_at INTEGER;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
