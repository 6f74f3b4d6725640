import type { FilterCondition, FilterScalar } from '@weft/memory';

/** A piece of a WHERE clause and the parameters its `?` take, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * A checked filter as SQL over the JSON text in `column`, with every path
 * and operand a parameter (the SQL text is fixed by the operators alone).
 * JSON types are compared strictly, as matchFilter does: `json_type` beside
 * `json_extract`, because json_extract turns `true` into 1 and `"5"` into
 * text that SQLite would compare with 5. Each comparison is wrapped in
 * COALESCE(…, 0), so a missing field is false, and its negation (`$ne`,
 * `$nin`) true. Text compares in binary order: the code point order of
 * matchFilter.
 */
export function filterSql(conditions: readonly FilterCondition[], column: string): SqlPart {
  const parts = conditions.map((c) => conditionSql(c, column, jsonPath(c.path)));
  return { sql: parts.length === 0 ? '1' : parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) };
}

/** `$."a"."b"`: quoted, so any checked segment (letters, digits, `_`, `-`) is an object key, never an array index. */
function jsonPath(path: readonly string[]): string {
  return '$' + path.map((s) => `."${s}"`).join('');
}

function conditionSql({ op, operand }: FilterCondition, column: string, path: string): SqlPart {
  switch (op) {
    case 'exists':
      return { sql: `json_type(${column}, ?) IS ${operand ? 'NOT NULL' : 'NULL'}`, params: [path] };
    case 'eq':
      return equalSql(column, path, operand as FilterScalar);
    case 'ne':
      return negate(equalSql(column, path, operand as FilterScalar));
    case 'in':
      return anyOf(column, path, operand as FilterScalar[]);
    case 'nin':
      return negate(anyOf(column, path, operand as FilterScalar[]));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return orderSql(column, path, op, operand as number | string);
  }
}

/** The field is of the operand's JSON type and equal to it; 0 or 1, never NULL. */
function equalSql(column: string, path: string, operand: FilterScalar): SqlPart {
  if (operand === null || typeof operand === 'boolean')
    return { sql: `COALESCE(json_type(${column}, ?) = ?, 0)`, params: [path, operand === null ? 'null' : String(operand)] };
  const types = typeof operand === 'number' ? `IN ('integer', 'real')` : `= 'text'`;
  return { sql: `COALESCE(json_type(${column}, ?) ${types} AND json_extract(${column}, ?) = ?, 0)`, params: [path, path, operand] };
}

function anyOf(column: string, path: string, operands: readonly FilterScalar[]): SqlPart {
  if (operands.length === 0) return { sql: '0', params: [] };
  const parts = operands.map((o) => equalSql(column, path, o));
  return { sql: `(${parts.map((p) => p.sql).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
}

function negate(part: SqlPart): SqlPart {
  return { sql: `NOT (${part.sql})`, params: part.params };
}

const ORDER = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function orderSql(column: string, path: string, op: keyof typeof ORDER, operand: number | string): SqlPart {
  const types = typeof operand === 'number' ? `IN ('integer', 'real')` : `= 'text'`;
  return {
    sql: `COALESCE(json_type(${column}, ?) ${types} AND json_extract(${column}, ?) ${ORDER[op]} ?, 0)`,
    params: [path, path, operand],
  };
}
