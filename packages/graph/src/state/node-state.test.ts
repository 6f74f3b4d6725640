import { applyPatches, enablePatches, produceWithPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { NodeState } from './node-state.ts';
import { deepFreeze } from './deep-freeze.ts';

enablePatches();

const base = () =>
  deepFreeze({
    lanes: { a: { events: [1], path: ['x'] }, b: { events: [], path: [] } } as Record<string, { events: number[]; path: string[] }>,
    n: 0,
  });

describe('NodeState path writes', () => {
  it('record one patch per write and end in the state an immer recipe gives, frozen all the way down', () => {
    const s = new NodeState(base());
    s.append(['lanes', 'a', 'events'], [2, 3]);
    s.set(['lanes', 'a', 'path', 1], 'y');
    s.set(['lanes', 'c'], { events: [], path: [] });
    s.append(['lanes', 'c', 'events'], [9]);
    s.set(['n'], 1);
    const [viaImmer] = produceWithPatches(base(), (d) => {
      d.lanes['a']!.events.push(2, 3);
      d.lanes['a']!.path[1] = 'y';
      d.lanes['c'] = { events: [], path: [] };
      d.lanes['c'].events.push(9);
      d.n = 1;
    });
    const state = s.current;
    expect(state).toEqual(viaImmer);
    // One patch per write, in write order; applying them gives the same state.
    expect(s.patches).toEqual([
      { op: 'add', path: ['lanes', 'a', 'events', 1], value: 2 },
      { op: 'add', path: ['lanes', 'a', 'events', 2], value: 3 },
      { op: 'add', path: ['lanes', 'a', 'path', 1], value: 'y' },
      { op: 'add', path: ['lanes', 'c'], value: { events: [], path: [] } },
      { op: 'add', path: ['lanes', 'c', 'events', 0], value: 9 },
      { op: 'replace', path: ['n'], value: 1 },
    ]);
    expect(applyPatches(base(), s.patches)).toEqual(viaImmer);
    const all = [
      state,
      state.lanes,
      state.lanes['a'],
      state.lanes['a']!.events,
      state.lanes['a']!.path,
      state.lanes['c'],
      state.lanes['c']!.events,
    ];
    expect(all.map((x) => Object.isFrozen(x))).toEqual(all.map(() => true));
  });

  it('never change what was read before a write: a state read between writes stays as it was', () => {
    const start = base();
    const s = new NodeState(start);
    s.append(['lanes', 'a', 'events'], [2]);
    const seen = s.current;
    const seenEvents = seen.lanes['a']!.events;
    s.append(['lanes', 'a', 'events'], [3]);
    s.set(['lanes', 'b', 'path'], ['z']);
    expect(seenEvents).toEqual([1, 2]);
    expect(seen.lanes['b']!.path).toEqual([]);
    expect(Object.isFrozen(seenEvents)).toBe(true);
    expect(s.current.lanes['a']!.events).toEqual([1, 2, 3]);
    expect(start).toEqual(base());
  });

  it('a bad path throws a typed error and leaves the state and the patches as they were', () => {
    const s = new NodeState(base());
    s.set(['n'], 5);
    expect(() => s.append(['lanes', 'a', 'path', 0], [1])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => s.set(['lanes', 'zz', 'events'], [])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => s.append(['lanes'], [1])).toThrow(/is not a list/);
    expect(s.patches).toEqual([{ op: 'replace', path: ['n'], value: 5 }]);
    expect(s.current).toEqual({ ...base(), n: 5 });
  });
});
