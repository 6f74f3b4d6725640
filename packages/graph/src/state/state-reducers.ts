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

/** Bounds the type's recursion: dotted paths of up to five keys are typed (deeper ones need a cast). */
type Levels = [never, 0, 1, 2, 3];

/**
 * The state paths a reducer may be declared for: every key of the state, and
 * dotted paths (`'stats.total'`) into nested objects with known keys. Lists,
 * records with arbitrary keys (`Record<string, T>`) and functions are leaves:
 * a reducer there combines the whole value.
 */
export type ReducerPath<S, L extends number = 4> = [L] extends [never]
  ? never
  : 0 extends 1 & S
    ? string
    : S extends readonly unknown[] | ((...args: never[]) => unknown)
      ? never
      : S extends object
        ? string extends keyof S
          ? never
          : { [K in keyof S & string]-?: K | `${K}.${ReducerPath<NonNullable<S[K]>, Levels[L]>}` }[keyof S & string]
        : never;

/** The value a reducer path names in the state. */
export type ReducerValue<S, P extends string> = P extends keyof S
  ? S[P]
  : P extends `${infer K}.${infer Rest}`
    ? K extends keyof S
      ? ReducerValue<NonNullable<S[K]>, Rest>
      : never
    : never;

/**
 * Reducers by state path, each typed by the value at its path; a path the
 * state does not have fails to type-check (and is refused at graph()). A path
 * without a reducer is written by at most one node per step; two writers there
 * fail the step with STATE_CONFLICT.
 */
export type StateReducers<S> = [ReducerPath<S>] extends [never]
  ? { [path: string]: never } // no state (or none with keys): no reducer fits
  : { [P in ReducerPath<S>]?: StateReducer<ReducerValue<S, P>> };

/** A reducer with its path split into keys. */
export interface PathReducer {
  path: readonly string[];
  /** The path as given, for messages. */
  name: string;
  reduce: StateReducer<unknown>;
}

/**
 * Checks `graph({ reducers })` and splits each path. Paths may not nest (one
 * reducer decides each value), and each must name a value the initial state
 * holds: the types only check what the state's type declares, and a reducer
 * on a path no node can write would never run, silently.
 */
export function compileReducers(graphName: string, reducers: unknown, state: (() => unknown) | undefined): PathReducer[] | undefined {
  if (reducers === undefined) return undefined;
  const bad = (msg: string, path?: string) =>
    new WeftError('INVALID_ARGUMENT', `graph "${graphName}": ${msg}`, path === undefined ? {} : { details: { path } });
  if (reducers === null || typeof reducers !== 'object' || Array.isArray(reducers))
    throw bad('reducers must be an object of functions by state path: { count: (current, mine, base) => … }');
  const out: PathReducer[] = [];
  for (const [name, reduce] of Object.entries(reducers)) {
    if (reduce === undefined) continue;
    const path = name.split('.');
    if (path.some((k) => k === '')) throw bad(`reducer path "${name}" has an empty key`, name);
    if (typeof reduce !== 'function') throw bad(`the reducer for "${name}" must be a function (current, mine, base) => value`, name);
    out.push({ path, name, reduce: reduce as StateReducer<unknown> });
  }
  for (const a of out)
    for (const b of out)
      if (a !== b && a.path.length < b.path.length && a.path.every((k, i) => b.path[i] === k))
        throw bad(`reducer paths "${a.name}" and "${b.name}" nest; declare one reducer for a part of the state`, b.name);
  if (out.length === 0) return undefined;
  const initial = state?.();
  for (const r of out) {
    const problem = missingAt(initial, r.path);
    if (problem)
      throw bad(
        `reducer path "${r.name}" is not in the state: ${problem}; declare it in state() (undefined will do for an optional key)`,
        r.name,
      );
  }
  return out;
}

/** Why `path` names no value of the initial state, or undefined when it does. */
function missingAt(initial: unknown, path: readonly string[]): string | undefined {
  let node = initial;
  for (let i = 0; i < path.length; i++) {
    const at = i === 0 ? 'the initial state' : `state.${path.slice(0, i).join('.')}`;
    if (node === null || typeof node !== 'object' || Array.isArray(node))
      return i === 0 ? 'the graph has no state (graph({ state }))' : `${at} is not an object with keys`;
    if (!Object.hasOwn(node, path[i]!)) {
      const keys = Object.keys(node);
      return `${at} has no key "${path[i]}" (${keys.length ? `keys: ${keys.join(', ')}` : 'no keys'})`;
    }
    node = (node as Record<string, unknown>)[path[i]!];
  }
  return undefined;
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
