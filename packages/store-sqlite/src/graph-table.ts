import { crc32 } from 'node:zlib';
import type { Database, Statement } from 'better-sqlite3';
import type { StoredGraph } from '@weft/checkpoint';
import { graphDamaged } from './errors.ts';

/** A `weft_graphs` row. */
interface GraphRow {
  name: string;
  hash: string;
  version: string | null;
  json: string;
  created_at: number;
  row_crc: number;
}

const COLUMNS = 'name, hash, version, json, created_at, row_crc';

/** CRC-32 of a row's columns; JSON keeps them apart and keeps their types. */
const graphChecksum = (g: Omit<GraphRow, 'row_crc'>): number => crc32(JSON.stringify([g.name, g.hash, g.version, g.json, g.created_at]));

/**
 * The `weft_graphs` table: each compiled graph's description once by
 * (name, hash), as first written. The insert is one statement that does
 * nothing on a conflict of the key, so a second write, from this process or
 * another on the file, changes nothing. Rows carry a checksum, checked on
 * every read: a flipped byte in a description would otherwise read a
 * checkpoint against a graph that never ran.
 */
export class GraphTable {
  readonly #insert: Statement<[GraphRow], void>;
  readonly #get: Statement<[name: string, hash: string], GraphRow | undefined>;
  readonly #all: Statement<[], GraphRow>;
  readonly #named: Statement<[name: string], GraphRow>;

  constructor(
    db: Database,
    private readonly path: string,
  ) {
    // ON CONFLICT names the key: only a second write of it is ignored, never another constraint's failure (INSERT OR IGNORE would hide those).
    this.#insert = db.prepare(
      `INSERT INTO weft_graphs (${COLUMNS}) VALUES (@name, @hash, @version, @json, @created_at, @row_crc) ON CONFLICT (name, hash) DO NOTHING`,
    );
    this.#get = db.prepare(`SELECT ${COLUMNS} FROM weft_graphs WHERE name = ? AND hash = ?`);
    this.#all = db.prepare(`SELECT ${COLUMNS} FROM weft_graphs ORDER BY created_at, hash, name`);
    this.#named = db.prepare(`SELECT ${COLUMNS} FROM weft_graphs WHERE name = ? ORDER BY created_at, hash`);
  }

  /** Keeps `graph` unless its (name, hash) is stored already; the caller has checked it (checkStoredGraph). */
  insert(graph: StoredGraph): void {
    const row = { name: graph.name, hash: graph.hash, version: graph.version ?? null, json: graph.json, created_at: graph.createdAt };
    this.#insert.run({ ...row, row_crc: graphChecksum(row) });
  }

  get(name: string, hash: string): StoredGraph | undefined {
    const row = this.#get.get(name, hash);
    return row && this.#fromRow(row);
  }

  list(name: string | undefined): StoredGraph[] {
    return (name === undefined ? this.#all.all() : this.#named.all(name)).map((row) => this.#fromRow(row));
  }

  #fromRow(row: GraphRow): StoredGraph {
    const { row_crc, ...columns } = row;
    if (graphChecksum(columns) !== row_crc) throw graphDamaged(this.path, String(row.name), String(row.hash));
    const { name, hash, version, json, created_at: createdAt } = row;
    return version === null ? { name, hash, json, createdAt } : { name, hash, version, json, createdAt };
  }
}
