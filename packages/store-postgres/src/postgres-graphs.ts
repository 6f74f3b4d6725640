import type pg from 'pg';
import type { StoredGraph } from '@weft/checkpoint';

/** A `weft_graphs` row as pg returns it (float8 comes back as a number). */
interface GraphRow {
  name: string;
  hash: string;
  version: string | null;
  json: string;
  created_at: number;
}

/** A query on the pool, named so it is prepared once per connection. */
type Query = <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) => Promise<pg.QueryResult<R>>;

const COLUMNS = 'name, hash, version, json, created_at';

const fromRow = ({ name, hash, version, json, created_at: createdAt }: GraphRow): StoredGraph =>
  version === null ? { name, hash, json, createdAt } : { name, hash, version, json, createdAt };

/**
 * The `weft_graphs` table: each compiled graph's description once by
 * (name, hash), as first written. The insert is one statement that does
 * nothing on a conflict of the key, so of two writers of the same key, in
 * any processes, exactly one row is kept and neither fails. Listings order
 * strings with the "C" collation (by code point), whatever the database's
 * default collation, so every store lists in the same order.
 */
export class PostgresGraphs {
  readonly #table: string;

  constructor(
    private readonly query: Query,
    schemaSql: string,
  ) {
    this.#table = `${schemaSql}.weft_graphs`;
  }

  /** Keeps `graph` unless its (name, hash) is stored already; the caller has checked it (checkStoredGraph). */
  async insert(graph: StoredGraph): Promise<void> {
    await this.query(
      'put-graph',
      `INSERT INTO ${this.#table} (${COLUMNS}) VALUES ($1::text, $2::text, $3::text, $4::text, $5::float8)
       ON CONFLICT (name, hash) DO NOTHING`,
      [graph.name, graph.hash, graph.version ?? null, graph.json, graph.createdAt],
    );
  }

  async get(name: string, hash: string): Promise<StoredGraph | undefined> {
    const res = await this.query<GraphRow>('get-graph', `SELECT ${COLUMNS} FROM ${this.#table} WHERE name = $1::text AND hash = $2::text`, [
      name,
      hash,
    ]);
    const row = res.rows[0];
    return row && fromRow(row);
  }

  async list(name: string | undefined): Promise<StoredGraph[]> {
    const res = await this.query<GraphRow>(
      'graphs',
      `SELECT ${COLUMNS} FROM ${this.#table} WHERE ($1::text IS NULL OR name = $1::text)
       ORDER BY created_at, hash COLLATE "C", name COLLATE "C"`,
      [name ?? null],
    );
    return res.rows.map(fromRow);
  }
}
