import type Database from 'better-sqlite3';
import { compareCodePoints, cosine, queryTerms, rankItems } from '@weft/memory';
import type { CheckedQuery, ScoredItem } from '@weft/memory';
import { itemOfRow, ROW_COLUMNS } from './memory-row.ts';
import type { MemoryRow } from './memory-row.ts';
import type { MemoryTables } from './memory-tables.ts';
import { scopeSql } from './scope-sql.ts';
import { blobVector, vectorBlob } from './vector-blob.ts';

/** A search as the SQL reads it: the checked query, the time, and the score floor. */
export interface SearchQuery extends CheckedQuery {
  now: number;
  minScore: number | undefined;
}

/** Without a query: the newest items in scope, by updatedAt, then namespace and key (rankItems' `recent` order). */
export function recentRows(db: Database.Database, t: MemoryTables, q: SearchQuery): ScoredItem[] {
  const scope = scopeSql(q.prefix, q.now, q.conditions);
  const rows = db
    .prepare<unknown[], MemoryRow>(
      `SELECT ${ROW_COLUMNS} FROM ${t.items} i WHERE ${scope.sql} ORDER BY i.updated_at DESC, i.ns, i.key LIMIT ?`,
    )
    .all(...scope.params, q.limit);
  return rankItems(
    rows.map((r) => ({ ...itemOfRow(r), score: 1 })),
    q.limit,
    undefined,
    'recent',
  );
}

/**
 * Keyword search through FTS5: the query's terms (letters and digits only,
 * see queryTerms), each quoted as a phrase and joined by OR, bound as the
 * MATCH parameter — so FTS5 syntax in a query (`NEAR(`, `*`, quotes, `OR`)
 * is never read as syntax. Ranked by bm25 (negative: r = −bm25, scored
 * r/(1+r)), ties by namespace and key, the first `limit` in SQL.
 */
export function keywordRows(db: Database.Database, t: MemoryTables, q: SearchQuery, query: string): ScoredItem[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scope = scopeSql(q.prefix, q.now, q.conditions);
  const rows = db
    .prepare<unknown[], MemoryRow & { r: number }>(
      `SELECT ${ROW_COLUMNS}, -bm25(${t.fts}) AS r FROM ${t.fts} JOIN ${t.items} i ON i.id = ${t.fts}.rowid
       WHERE ${t.fts} MATCH ? AND ${scope.sql} ORDER BY bm25(${t.fts}), i.ns, i.key LIMIT ?`,
    )
    .all(terms.map((term) => `"${term}"`).join(' OR '), ...scope.params, q.limit);
  return rankItems(
    rows.map((row) => ({ ...itemOfRow(row), score: row.r > 0 ? row.r / (1 + row.r) : 0 })),
    q.limit,
    q.minScore,
    'score',
  );
}

/**
 * Vector search, exact over every item in scope with a vector of the query's
 * length. With sqlite-vec, `vec_distance_cosine` ranks in SQL (a vec0 KNN
 * index answers the k nearest of the whole table before the prefix and
 * filter apply, so it can miss items that match them); otherwise the rows'
 * vectors are read and compared in JavaScript. A zero vector scores 0 either
 * way. Scores are clamped to [−1, 1] (float32 rounding).
 */
export function vectorRows(
  db: Database.Database,
  t: MemoryTables,
  q: SearchQuery,
  asked: readonly number[],
  by: 'sqlite-vec' | 'scan',
): ScoredItem[] {
  const scope = scopeSql(q.prefix, q.now, q.conditions);
  const where = `i.vector IS NOT NULL AND length(i.vector) = ? AND ${scope.sql}`;
  if (by === 'sqlite-vec') {
    const rows = db
      .prepare<unknown[], MemoryRow & { d: number }>(
        `SELECT ${ROW_COLUMNS}, COALESCE(vec_distance_cosine(i.vector, ?), 1) AS d FROM ${t.items} i
         WHERE ${where} ORDER BY d, i.ns, i.key LIMIT ?`,
      )
      .all(vectorBlob(asked), asked.length * 4, ...scope.params, q.limit);
    return rankItems(
      rows.map((row) => ({ ...itemOfRow(row), score: clamp(1 - row.d) })),
      q.limit,
      q.minScore,
      'score',
    );
  }
  const rows = db
    .prepare<unknown[], MemoryRow & { vector: Buffer }>(`SELECT ${ROW_COLUMNS}, i.vector FROM ${t.items} i WHERE ${where}`)
    .all(asked.length * 4, ...scope.params);
  // Scored and cut to `limit` before any value is parsed: a scan reads every row in scope.
  const kept = rows
    .map((row) => ({ row, score: clamp(cosine(asked, blobVector(row.vector))) }))
    .filter(({ score }) => q.minScore === undefined || score >= q.minScore)
    .sort((a, b) => b.score - a.score || compareCodePoints(a.row.ns, b.row.ns) || compareCodePoints(a.row.key, b.row.key))
    .slice(0, q.limit);
  return rankItems(
    kept.map(({ row, score }) => ({ ...itemOfRow(row), score })),
    q.limit,
    q.minScore,
    'score',
  );
}

const clamp = (score: number) => Math.min(1, Math.max(-1, score));
