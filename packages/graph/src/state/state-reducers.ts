import { WeftError } from '../errors.ts';

/**
 * Combines the writes of the nodes of one step that changed the same state
 * path, in node order: `current` is the value after the earlier nodes,
 * `mine` the value this node left there, `base` the value at the start of the
 * step. A counter adds its own difference (`current + (mine - base)`); a list
 * appends what this node added (`[...current, ...mine.slice(base.length)]`);
 * a record merges (`({ ...current, ...mine })`).
 */
export type StateReducer<V> = (current: V, mine: V, base: V) => V;

/**
 * Reducers by state path: a top-level key, or a dotted path to a nested one
 * (`'stats.total'`). A path without one is written by at most one node per
 * step; two writers there fail the step with STATE_CONFLICT.
 */
export type StateReducers<S> = { [K in keyof S & string]?: StateReducer<S[K]> } & {
  [path: `${string}.${string}`]: StateReducer<any> | undefined;
};

/** A reducer with its path split into keys. */
export interface PathReducer {
  path: readonly string[];
  /** The path as given, for messages. */
  name: string;
  reduce: StateReducer<unknown>;
}

/** Checks `graph({ reducers })` and splits each path; paths may not nest (one reducer decides each value). */
export function compileReducers(graphName: string, reducers: unknown): PathReducer[] | undefined {
  if (reducers === undefined) return undefined;
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `graph "${graphName}": ${msg}`);
  if (reducers === null || typeof reducers !== 'object' || Array.isArray(reducers))
    throw bad('reducers must be an object of functions by state path: { count: (current, mine, base) => … }');
  const out: PathReducer[] = [];
  for (const [name, reduce] of Object.entries(reducers)) {
    if (reduce === undefined) continue;
    const path = name.split('.');
    if (path.some((k) => k === '')) throw bad(`reducer path "${name}" has an empty key`);
    if (typeof reduce !== 'function') throw bad(`the reducer for "${name}" must be a function (current, mine, base) => value`);
    out.push({ path, name, reduce: reduce as StateReducer<unknown> });
  }
  for (const a of out)
    for (const b of out)
      if (a !== b && a.path.length < b.path.length && a.path.every((k, i) => b.path[i] === k))
        throw bad(`reducer paths "${a.name}" and "${b.name}" nest; declare one reducer for a part of the state`);
  return out.length ? out : undefined;
}

/** The reducer whose path is a prefix of (or equal to) `path`, if any. */
export function reducerFor(reducers: readonly PathReducer[], path: readonly (string | number)[]): PathReducer | undefined {
  outer: for (const r of reducers) {
    if (r.path.length > path.length) continue;
    for (let i = 0; i < r.path.length; i++) if (String(path[i]) !== r.path[i]) continue outer;
    return r;
  }
  return undefined;
}
