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
 *
 * immer records an insert (`splice`, `unshift`) as replaced items plus an
 * append of the last one, which is indistinguishable from changing items and
 * appending; merged with another node's append, the shifted item would land
 * after that node's items (`['I', 'l0', 'P', 'l1']` for an insert before
 * `l0` and a push of `P`). So a list that one node both grew and changed an
 * existing item of counts as its write of the whole list (see rewrittenLists).
 */
export class StepWriteMap {
  readonly #root = slot();

  constructor(
    private readonly base: unknown,
    private readonly reducers: readonly PathReducer[] | undefined,
  ) {}

  /**
   * Records node `n`'s patch; returns the collision it makes with an earlier
   * node's, if any. `rewritten` is rewrittenLists of all of the node's patches.
   */
  add(n: number, patch: Patch, rewritten?: ReadonlySet<string>): WriteCollision | undefined {
    const reducer = this.reducers && reducerFor(this.reducers, patch.path);
    if (reducer) return this.#register(n, reducer.path, reducer.path.length, undefined, REDUCE);
    const { path } = patch;
    const last = path[path.length - 1];
    if (typeof last === 'number' && rewritten?.has(listKey(path))) return this.#register(n, path, path.length - 1, undefined, WRITE);
    if (typeof last === 'number' && patch.op !== 'replace') {
      const list = listAt(this.base, path);
      if (list) {
        const appended = patch.op === 'add' && last >= list.length;
        return this.#register(n, path, path.length - 1, appended ? END_OF_LIST : undefined, appended ? APPEND : WRITE);
      }
    }
    return this.#register(n, path, path.length, undefined, WRITE);
  }

  /**
   * The lists (of the step's starting state) that one node's patches both
   * grew and changed an existing item of, by listKey; undefined when none (the
   * common case costs one pass over the patches, looking for item replaces).
   */
  rewrittenLists(patches: readonly Patch[]): Set<string> | undefined {
    let changed: Set<string> | undefined;
    for (const p of patches) {
      const last = p.path[p.path.length - 1];
      if (p.op !== 'replace' || typeof last !== 'number') continue;
      const list = listAt(this.base, p.path);
      if (list && last < list.length) (changed ??= new Set()).add(listKey(p.path));
    }
    if (!changed) return undefined;
    let grown: Set<string> | undefined;
    for (const p of patches) {
      const last = p.path[p.path.length - 1];
      if (p.op !== 'add' || typeof last !== 'number') continue;
      const key = listKey(p.path);
      const list = changed.has(key) ? listAt(this.base, p.path) : undefined;
      if (list && last >= list.length) (grown ??= new Set()).add(key);
    }
    return grown;
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

/** Names the list a patch's last key indexes. */
const listKey = (path: readonly (string | number)[]): string => JSON.stringify(path.slice(0, -1));
