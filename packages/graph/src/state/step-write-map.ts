import type { Patch } from 'immer';
import type { Container } from './container.ts';
import { reducerFor, type PathReducer } from './state-reducers.ts';

/**
 * How a patch touches the state, for telling writes that commute from writes that collide:
 * - WRITE replaces, adds or removes exactly at its path;
 * - APPEND adds at the end of a list that existed at the step's start (appends of several nodes all keep their items);
 * - REDUCE is inside a path that has a reducer (several nodes' values are combined).
 */
type WriteKind = 0 | 1 | 2;
const WRITE = 0;
const APPEND = 1;
const REDUCE = 2;

/** Where appends to a list register: a key no state path can hold, beside the list's items. */
const END_OF_LIST = Symbol('end of list');

type Key = string | number | symbol;

interface Slot {
  /** The first node that wrote exactly here, or -1. */
  writer: number;
  kind: WriteKind;
  /** Nodes that wrote somewhere below: the first, and one other than the first (or -1). */
  below: number;
  belowOther: number;
  /**
   * The keys below: most slots have one (a node's own lane, its own record),
   * so the first is kept in two fields and a Map is made only for a second.
   */
  key: Key | undefined;
  kid: Slot | undefined;
  kids: Map<Key, Slot> | undefined;
}

const slot = (): Slot => ({ writer: -1, kind: WRITE, below: -1, belowOther: -1, key: undefined, kid: undefined, kids: undefined });

/** The slot for `key` below `at`, made when missing. */
function child(at: Slot, key: Key): Slot {
  if (at.kid === undefined) {
    at.key = key;
    return (at.kid = slot());
  }
  if (at.key === key) return at.kid;
  at.kids ??= new Map();
  let next = at.kids.get(key);
  if (!next) at.kids.set(key, (next = slot()));
  return next;
}

/** Two nodes' writes of one step that would lose one of them. */
export interface WriteCollision {
  nodes: [earlier: number, later: number];
  path: (string | number)[];
}

/**
 * The places the nodes of one step wrote, as a tree of path keys. Two nodes
 * collide when one writes exactly where the other did, or into (or over) a
 * container the other replaced — unless both append to the same list, or
 * both write under the same reducer. Inserting into or removing from the
 * middle of a list shifts its items, so it counts as a write to the whole list.
 */
export class StepWriteMap {
  readonly #root = slot();

  constructor(
    private readonly base: unknown,
    private readonly reducers: readonly PathReducer[] | undefined,
  ) {}

  /** Records node `n`'s patch; returns the collision it makes with an earlier node's, if any. */
  add(n: number, patch: Patch): WriteCollision | undefined {
    const reducer = this.reducers && reducerFor(this.reducers, patch.path);
    if (reducer) return this.#register(n, reducer.path, reducer.path.length, undefined, REDUCE);
    const { path } = patch;
    const last = path[path.length - 1];
    if (typeof last === 'number' && patch.op !== 'replace') {
      const list = listAt(this.base, path);
      if (list) {
        const appended = patch.op === 'add' && last >= list.length;
        return this.#register(n, path, path.length - 1, appended ? END_OF_LIST : undefined, appended ? APPEND : WRITE);
      }
    }
    return this.#register(n, path, path.length, undefined, WRITE);
  }

  /** Registers the first `length` keys of `path`, then `extra` when given. */
  #register(n: number, path: readonly Key[], length: number, extra: Key | undefined, kind: WriteKind): WriteCollision | undefined {
    let at = this.#root;
    const depth = extra === undefined ? length : length + 1;
    for (let i = 0; i < depth; i++) {
      if (at.writer >= 0 && at.writer !== n) return collision(at.writer, n, path.slice(0, Math.min(i, length)));
      if (at.below === -1) at.below = n;
      else if (at.below !== n && at.belowOther === -1) at.belowOther = n;
      at = child(at, i < length ? path[i]! : extra!);
    }
    if (at.writer >= 0 && at.writer !== n && !(at.kind === kind && kind !== WRITE)) return collision(at.writer, n, path.slice(0, length));
    const other = at.below >= 0 && at.below !== n ? at.below : at.belowOther;
    if (kind === WRITE && other >= 0 && other !== n) return collision(other, n, path.slice(0, length));
    if (at.writer === -1) {
      at.writer = n;
      at.kind = kind;
    }
    return undefined;
  }
}

function collision(earlier: number, later: number, path: readonly Key[]): WriteCollision {
  return {
    nodes: [Math.min(earlier, later), Math.max(earlier, later)],
    path: path.filter((k): k is string | number => typeof k !== 'symbol'),
  };
}

/** The list a patch's last key indexes, in the step's starting state; undefined when there is none there. */
function listAt(base: unknown, path: readonly (string | number)[]): unknown[] | undefined {
  let node = base;
  for (let i = 0; i < path.length - 1; i++) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Container)[path[i]!];
  }
  return Array.isArray(node) ? node : undefined;
}
