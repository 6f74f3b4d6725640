import type { FilterCondition } from '@weft/memory';
import { ITEM_COLUMNS } from './item-row.ts';
import { scopeSql } from './scope-sql.ts';
import { SqlParams } from './sql-params.ts';
import type { VectorKind } from './vector-kind.ts';

/** A search as the bank runs it, every argument checked. */
export interface SearchPlan {
  table: string;
  prefix: string;
  now: number;
  conditions: readonly FilterCondition[];
  limit: number;
  minScore: number | undefined;
}

/** What to rank by: the newest, a query vector, or keyword terms. */
export type SearchBy =
  { by: 'recent' } | { by: 'vector'; vector: readonly number[]; kind: VectorKind } | { by: 'keyword'; terms: readonly string[] };

/**
 * One statement that returns the first `limit` rows in `rankItems` order,
 * with their `score`: the prefix, expiry, filter and minScore applied in SQL,
 * so nothing beyond the page leaves the server. Vector: the cosine of each
 * row's embedding of the query's length. Keyword: rows whose tsvector holds
 * any of the terms (a tsquery of the terms joined by `|`; terms are letters
 * and digits only), scored ts_rank r mapped to r / (1 + r).
 */
export function searchStatement(plan: SearchPlan, search: SearchBy): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const scope = scopeSql(plan.prefix, plan.now, plan.conditions, params, 'search');
  let scored: string;
  let order: string;
  if (search.by === 'recent') {
    scored = `SELECT ${ITEM_COLUMNS}, 1::float8 AS score FROM ${plan.table} i WHERE ${scope}`;
    order = 's.updated_at DESC';
  } else if (search.by === 'vector') {
    const q = params.add(search.kind.param(search.vector), search.kind.columnType);
    scored = `SELECT ${ITEM_COLUMNS}, ${search.kind.cosineSql('i.embedding', q)}::float8 AS score FROM ${plan.table} i
      WHERE ${scope} AND i.embedding IS NOT NULL AND ${search.kind.sameLengthSql('i.embedding', q)}`;
    order = 's.score DESC';
  } else {
    const q = `to_tsquery('simple', ${params.add(search.terms.join(' | '), 'text')})`;
    scored = `SELECT ${ITEM_COLUMNS}, r / (1 + r) AS score
      FROM (SELECT i.*, ts_rank(i.search, ${q})::float8 AS r FROM ${plan.table} i WHERE ${scope} AND i.search @@ ${q}) i
      WHERE r > 0`;
    order = 's.score DESC';
  }
  const min = plan.minScore === undefined ? 'TRUE' : `s.score >= ${params.add(plan.minScore, 'float8')}`;
  const text = `SELECT * FROM (${scored}) s WHERE ${min}
    ORDER BY ${order}, s.ns COLLATE "C", s.key COLLATE "C" LIMIT ${params.add(plan.limit, 'integer')}`;
  return { text, values: params.values };
}
