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
 * Vectors as float8[], scaled to length 1 when stored and asked (an all-zero
 * vector stays zero), so the cosine is a dot product: one unnest over the two
 * arrays for each row the prefix, expiry and filter leave. The work grows
 * with those rows: 10,000 items of 256 dimensions took a median of 433 ms
 * per search on a shared 2-core machine (load average 6.5), 61 ms when a
 * filter left a tenth (test-support/measure-vector-scan.ts); summing the
 * norms in SQL as well took ~55% longer (444 vs 696 ms on the same rows).
 */
export const SCAN_VECTORS: VectorKind = {
  name: 'scan',
  columnType: 'float8[]',
  param: unit,
  cosineSql: (column, query) => `(SELECT coalesce(sum(x * y), 0) FROM unnest(${column}, ${query}) AS v(x, y))`,
  sameLengthSql: (column, query) => `cardinality(${column}) = cardinality(${query})`,
};

/** `vector` scaled to length 1 (all zeros stay zeros, whose cosine with anything is 0). */
function unit(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((n, x) => n + x * x, 0));
  return norm === 0 ? [...vector] : vector.map((x) => x / norm);
}
