import { MemoryError, type FilterCondition, type FilterScalar } from '@weft/memory';
import { isStorableText } from '../storable-text.ts';
import type { SqlParams } from './sql-params.ts';

/**
 * A checked filter as one SQL condition on `i.value` (jsonb), with the
 * semantics of `matchFilter`: every path segment and operand is a parameter.
 * A field is read with `->` one segment at a time (never `#>`, which would
 * index into arrays: `{ '0': 'x' }` must not match the array `["x"]`); a
 * missing field is SQL NULL, a JSON null is jsonb 'null'. Equality compares
 * jsonb (so 1 is not true and 5 is not "5"); order comparisons hold between
 * numbers, or between strings compared as text COLLATE "C" (code point order).
 */
export function compileFilter(conditions: readonly FilterCondition[], params: SqlParams, where: string): string {
  if (conditions.length === 0) return 'TRUE';
  return conditions.map((c) => `(${conditionSql(c, params, where)})`).join(' AND ');
}

function conditionSql({ path, op, operand }: FilterCondition, params: SqlParams, where: string): string {
  const field = `(i.value${path.map((segment) => ` -> ${params.add(segment, 'text')}`).join('')})`;
  switch (op) {
    case 'exists':
      return operand ? `${field} IS NOT NULL` : `${field} IS NULL`;
    case 'eq':
      return `${field} = ${params.add(jsonOf(operand as FilterScalar, where), 'jsonb')}`;
    case 'ne':
      return `${field} IS DISTINCT FROM ${params.add(jsonOf(operand as FilterScalar, where), 'jsonb')}`;
    case 'in':
    case 'nin': {
      const list = params.add(JSON.stringify((operand as FilterScalar[]).map((o) => checkScalar(o, where))), 'jsonb');
      const any = `EXISTS (SELECT 1 FROM jsonb_array_elements(${list}) AS o(v) WHERE o.v = ${field})`;
      return op === 'in' ? any : `NOT ${any}`;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const sign = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[op];
      if (typeof operand === 'number')
        return `jsonb_typeof(${field}) = 'number' AND ${field} ${sign} ${params.add(JSON.stringify(operand), 'jsonb')}`;
      const text = params.add(checkScalar(operand as string, where), 'text');
      return `jsonb_typeof(${field}) = 'string' AND (${field} #>> '{}') COLLATE "C" ${sign} ${text} COLLATE "C"`;
    }
  }
}

const jsonOf = (operand: FilterScalar, where: string): string => JSON.stringify(checkScalar(operand, where));

/**
 * A string operand PostgreSQL cannot hold (a NUL, a lone surrogate) could
 * equal no stored value, which cannot hold one either; it is refused rather
 * than sent, since the server would refuse the statement.
 */
function checkScalar<T extends FilterScalar>(operand: T, where: string): T {
  if (typeof operand === 'string' && !isStorableText(operand))
    throw new MemoryError(
      'INVALID_FILTER',
      `${where}: a filter string holds a NUL character or a lone surrogate, which PostgreSQL cannot store or compare; no stored value holds one`,
    );
  return operand;
}
