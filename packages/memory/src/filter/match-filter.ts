import type { JsonValue } from '../item/memory-item.ts';
import type { FilterCondition, FilterScalar } from './memory-filter.ts';

/**
 * Whether a value meets every condition; the reference semantics every bank
 * follows (the conformance kit compares them). A missing field equals
 * nothing and is `$ne` and `$nin` everything; comparisons hold between values
 * of the same JSON type only (strings by code point order, which is the
 * byte order of their UTF-8: SQLite's binary collation, PostgreSQL's "C").
 */
export function matchFilter(value: JsonValue, conditions: readonly FilterCondition[]): boolean {
  return conditions.every((c) => holds(fieldAt(value, c.path), c));
}

/** The field at `path`, or undefined when a step of it is missing or not an object. */
export function fieldAt(value: JsonValue, path: readonly string[]): JsonValue | undefined {
  let at: JsonValue | undefined = value;
  for (const segment of path) {
    if (typeof at !== 'object' || at === null || Array.isArray(at) || !Object.hasOwn(at, segment)) return undefined;
    at = at[segment];
  }
  return at;
}

function holds(field: JsonValue | undefined, { op, operand }: FilterCondition): boolean {
  switch (op) {
    case 'exists':
      return (field !== undefined) === operand;
    case 'eq':
      return field !== undefined && same(field, operand as FilterScalar);
    case 'ne':
      return field === undefined || !same(field, operand as FilterScalar);
    case 'in':
      return field !== undefined && (operand as FilterScalar[]).some((o) => same(field, o));
    case 'nin':
      return field === undefined || !(operand as FilterScalar[]).some((o) => same(field, o));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (typeof field !== typeof operand || (typeof field !== 'number' && typeof field !== 'string')) return false;
      const order = typeof field === 'number' ? field - (operand as number) : compareCodePoints(field as string, operand as string);
      return op === 'gt' ? order > 0 : op === 'gte' ? order >= 0 : op === 'lt' ? order < 0 : order <= 0;
    }
  }
}

/** Equality of a field and a scalar operand: same type and value; objects and arrays equal no scalar. */
function same(field: JsonValue, operand: FilterScalar): boolean {
  return field === operand;
}

/** Code point order (UTF-16 code unit order differs for characters past U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
