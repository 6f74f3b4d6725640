import { freeze } from 'immer';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Freezes a value and everything in it the way immer's `freeze(value, true)`
 * does — stopping at anything already frozen, leaving class instances alone —
 * with a direct walk for plain objects and arrays, which is what state writes
 * carry on every step; anything else (Maps, Sets, drafts, immerable classes)
 * goes to immer.
 *
 * The walk visits own enumerable string keys (Object.keys' set) with for-in
 * and an own-key check, and descends only into objects: V8 serves for-in from
 * the enum cache without the array Object.keys allocates, which made freezing
 * an agent's event (a message with a tool call, 7 containers) 410 → 280 ns
 * (node 20, 2-core VM).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    Object.freeze(value);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) deepFreeze(item);
    }
    return value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return freeze(value, true);
  Object.freeze(value);
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'object' && item !== null && hasOwn.call(record, key)) deepFreeze(item);
  }
  return value;
}
