import type { FilterCondition } from '@weft/memory';
import { compileFilter } from './compile-filter.ts';
import type { SqlParams } from './sql-params.ts';

/**
 * The rows a list or search may return: under `prefix` (the namespace
 * itself, or one below it segment by segment: a range of the primary key,
 * since segments are joined by U+001F and U+0020 is the next code point),
 * not expired at `now`, and matching the filter.
 */
export function scopeSql(prefix: string, now: number, conditions: readonly FilterCondition[], params: SqlParams, where: string): string {
  const under =
    prefix === ''
      ? 'TRUE'
      : (() => {
          const p = params.add(prefix, 'text');
          return `(i.ns = ${p} OR (i.ns >= (${p} || chr(31)) COLLATE "C" AND i.ns < (${p} || chr(32)) COLLATE "C"))`;
        })();
  const live = `(i.expires_at IS NULL OR i.expires_at > ${params.add(now, 'bigint')})`;
  return `${under} AND ${live} AND ${compileFilter(conditions, params, where)}`;
}
