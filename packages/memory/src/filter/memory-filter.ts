/** A scalar a filter compares with. */
export type FilterScalar = string | number | boolean | null;

/** The comparisons a filter field may hold (one or more, all must hold). */
export interface FilterOperators {
  $eq?: FilterScalar;
  $ne?: FilterScalar;
  $gt?: number | string;
  $gte?: number | string;
  $lt?: number | string;
  $lte?: number | string;
  $in?: FilterScalar[];
  $nin?: FilterScalar[];
  $exists?: boolean;
}

/**
 * Which items to keep, by the fields of their value: each entry's key is a
 * field, or a dotted path into nested objects (`'address.city'`); its value
 * is a scalar to be equal to, or operators. Every entry must hold.
 * Comparisons hold only between values of the same JSON type: `{ n: { $gt: 1 } }`
 * never keeps an item whose `n` is the string "5".
 *
 * @example
 * const filter: MemoryFilter = { kind: 'preference', score: { $gte: 0.5 }, 'source.app': { $in: ['web', 'ios'] } };
 */
export type MemoryFilter = Record<string, FilterScalar | FilterOperators>;

/** One comparison of a checked filter. */
export type FilterOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin' | 'exists';

/**
 * A filter as banks read it: a list of conditions, each a field path (its
 * segments), an operator and an operand (a list for `in`/`nin`, a boolean
 * for `exists`). SQL banks turn it into parameters, never into SQL text.
 */
export interface FilterCondition {
  path: string[];
  op: FilterOp;
  operand: FilterScalar | FilterScalar[];
}
