import { SEGMENT_SEPARATOR } from '@weft/memory';
import type { FilterCondition } from '@weft/memory';
import { filterSql } from './filter-sql.ts';
import type { SqlPart } from './filter-sql.ts';

/** The code unit after SEGMENT_SEPARATOR: `p + SEP <= ns < p + NEXT` holds exactly the namespaces below `p`. */
const NEXT = String.fromCharCode(SEGMENT_SEPARATOR.charCodeAt(0) + 1);

/**
 * The rows a list or search may return, as SQL over the items table aliased
 * `i`: under the namespace prefix (a range of the (ns, key) index, segment
 * by segment: `['users']` holds `['users', 'u1']`, not `['users2']`), not
 * expired at `now`, and matching the filter.
 */
export function scopeSql(prefix: string, now: number, conditions: readonly FilterCondition[]): SqlPart {
  const filter = filterSql(conditions, 'i.value');
  const under: SqlPart =
    prefix === ''
      ? { sql: '1', params: [] }
      : { sql: '(i.ns = ? OR (i.ns >= ? AND i.ns < ?))', params: [prefix, prefix + SEGMENT_SEPARATOR, prefix + NEXT] };
  return {
    sql: `${under.sql} AND (i.expires_at IS NULL OR i.expires_at > ?) AND ${filter.sql}`,
    params: [...under.params, now, ...filter.params],
  };
}
