import { freeze } from 'immer';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.ts';

class Point {
  constructor(public x: number) {}
}

describe('deepFreeze', () => {
  it('freezes plain objects and arrays all the way down and returns the same value', () => {
    const value = { a: [1, { b: 'x' }], c: { d: [[2]] }, e: null, f: Object.create(null) as object };
    expect(deepFreeze(value)).toBe(value);
    for (const v of [value, value.a, value.a[1], value.c, value.c.d, value.c.d[0], value.f]) expect(Object.isFrozen(v)).toBe(true);
  });

  it('treats everything else as immer does: class instances stay mutable, Maps and Sets refuse changes', () => {
    const point = new Point(1);
    const map = new Map([['k', { v: 1 }]]);
    const set = new Set([1]);
    const date = new Date(0);
    deepFreeze({ point, map, set, date });
    point.x = 2;
    expect(point.x).toBe(2);
    expect(Object.isFrozen(date)).toBe(false);
    expect(() => map.set('j', { v: 2 })).toThrow();
    expect(() => set.add(2)).toThrow();
    expect(Object.isFrozen(map.get('k'))).toBe(true);
  });

  it('stops at values that are already frozen, like immer (so a cycle behind a frozen object ends)', () => {
    const inner = { mutable: [1] };
    const outer = Object.freeze({ inner });
    deepFreeze({ outer });
    expect(Object.isFrozen(inner)).toBe(false);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(deepFreeze(cyclic)).toBe(cyclic);
    const viaImmer: Record<string, unknown> = { self: null };
    viaImmer['self'] = viaImmer;
    expect(freeze(viaImmer, true)).toBe(viaImmer);
  });

  it('walks own enumerable keys only (those Object.keys lists), whatever the prototype chain enumerates', () => {
    const hidden = { n: [1] };
    const value = { shown: { n: [2] } };
    Object.defineProperty(value, 'hidden', { value: hidden, enumerable: false });
    const polluted = { m: [3] };
    Object.defineProperty(Object.prototype, 'polluted', { value: polluted, enumerable: true, configurable: true });
    try {
      deepFreeze(value);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted'];
    }
    expect([Object.isFrozen(value), Object.isFrozen(value.shown), Object.isFrozen(value.shown.n)]).toEqual([true, true, true]);
    expect([Object.isFrozen(hidden), Object.isFrozen(hidden.n), Object.isFrozen(polluted), Object.isFrozen(polluted.m)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('returns primitives as they are', () => {
    expect([deepFreeze(1), deepFreeze('s'), deepFreeze(null), deepFreeze(undefined)]).toEqual([1, 's', null, undefined]);
  });
});
