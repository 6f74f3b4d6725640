import { freeze } from 'immer';

/**
 * Freezes a value and everything in it the way immer's `freeze(value, true)`
 * does — stopping at anything already frozen, leaving class instances alone —
 * with a direct walk for plain objects and arrays, which is what state writes
 * carry on every step; anything else (Maps, Sets, drafts, immerable classes)
 * goes to immer.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    Object.freeze(value);
    for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    return value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return freeze(value, true);
  Object.freeze(value);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) deepFreeze(record[key]);
  return value;
}
