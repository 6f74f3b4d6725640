/**
 * How a schema keeps item vectors and scores them against a query's: the
 * column type, how a vector travels as a parameter, and the SQL for the
 * cosine similarity (0 when either vector is all zeros, as `cosine` in
 * @weft/memory) and for "same length".
 */
export interface VectorKind {
  readonly name: 'scan' | 'pgvector';
  /** The type of the `embedding` column, and of the parameter a query vector is cast to. */
  readonly columnType: string;
  param(vector: readonly number[]): unknown;
  cosineSql(column: string, query: string): string;
  sameLengthSql(column: string, query: string): string;
}

/**
 * Vectors as float8[], scored by an exact scan: the cosine is one unnest over
 * the two arrays for each row the prefix, expiry and filter leave, so the
 * work grows with the rows under the prefix (10,000 items of 256 dimensions:
 * see the README for the time measured).
 */
export const SCAN_VECTORS: VectorKind = {
  name: 'scan',
  columnType: 'float8[]',
  param: (vector) => vector,
  cosineSql: (column, query) =>
    `(SELECT CASE WHEN sum(x * x) = 0 OR sum(y * y) = 0 THEN 0 ELSE sum(x * y) / sqrt(sum(x * x) * sum(y * y)) END
      FROM unnest(${column}, ${query}) AS v(x, y))`,
  sameLengthSql: (column, query) => `cardinality(${column}) = cardinality(${query})`,
};
