import { MemoryError } from '../errors.ts';
import type { FilterCondition, FilterOp, FilterScalar } from './memory-filter.ts';

/** A field path segment: letters, digits, `_` and `-`. SQL banks put paths in parameters anyway; this keeps them readable. */
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_CONDITIONS = 32;
const MAX_LIST = 100;
const OPS: Record<string, FilterOp> = {
  $eq: 'eq',
  $ne: 'ne',
  $gt: 'gt',
  $gte: 'gte',
  $lt: 'lt',
  $lte: 'lte',
  $in: 'in',
  $nin: 'nin',
  $exists: 'exists',
};

/**
 * Checks a filter and turns it into conditions (see FilterCondition). Refuses,
 * typed as INVALID_FILTER: an operator it does not know (`$regex`), a field
 * that is not a path of simple names, an operand that is not a scalar (or a
 * list of scalars for `$in`), an order comparison with a boolean or null.
 */
export function checkFilter(filter: unknown, where: string): FilterCondition[] {
  if (filter === undefined) return [];
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw bad(
      where,
      `a filter is an object of fields, such as { kind: 'note' } (got ${Array.isArray(filter) ? 'an array' : typeof filter})`,
    );
  const entries = Object.entries(filter);
  if (entries.length > MAX_CONDITIONS) throw bad(where, `a filter has at most ${MAX_CONDITIONS} fields`);
  const conditions: FilterCondition[] = [];
  for (const [field, spec] of entries) {
    const path = field.split('.');
    if (!path.every((s) => SEGMENT.test(s)))
      throw bad(where, `field ${JSON.stringify(field)} is not a field name or dotted path of names (letters, digits, _ and -)`);
    if (isScalar(spec)) {
      conditions.push({ path, op: 'eq', operand: spec });
      continue;
    }
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
      throw bad(
        where,
        `field ${JSON.stringify(field)}: a value to compare with is a string, number, boolean or null, or an object of operators`,
      );
    const ops = Object.entries(spec);
    if (ops.length === 0) throw bad(where, `field ${JSON.stringify(field)}: an empty object of operators`);
    for (const [name, operand] of ops) conditions.push({ path, ...checkOperator(where, field, name, operand) });
  }
  return conditions;
}

function checkOperator(where: string, field: string, name: string, operand: unknown): Omit<FilterCondition, 'path'> {
  const op = Object.hasOwn(OPS, name) ? OPS[name] : undefined;
  if (op === undefined)
    throw bad(where, `field ${JSON.stringify(field)}: unknown operator ${JSON.stringify(name)}; use one of ${Object.keys(OPS).join(', ')}`);
  const at = `field ${JSON.stringify(field)}, ${name}`;
  switch (op) {
    case 'exists':
      if (typeof operand !== 'boolean') throw bad(where, `${at}: takes true or false`);
      return { op, operand };
    case 'in':
    case 'nin':
      if (!Array.isArray(operand) || operand.length > MAX_LIST || !operand.every(isScalar))
        throw bad(where, `${at}: takes a list of at most ${MAX_LIST} strings, numbers, booleans or nulls`);
      return { op, operand: [...operand] };
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      if (typeof operand !== 'string' && !(typeof operand === 'number' && Number.isFinite(operand)))
        throw bad(where, `${at}: compares with a number or a string`);
      return { op, operand };
    case 'eq':
    case 'ne':
      if (!isScalar(operand)) throw bad(where, `${at}: takes a string, number, boolean or null`);
      return { op, operand };
  }
}

function isScalar(value: unknown): value is FilterScalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

const bad = (where: string, message: string) => new MemoryError('INVALID_FILTER', `${where}: ${message}`);
