import type { Patch } from 'immer';
import { WeftError } from '../errors.ts';
import { applyPatchList, freezeOwned } from './apply-patch-list.ts';
import type { Container } from './container.ts';
import { reducerFor, type PathReducer } from './state-reducers.ts';
import { StepWriteMap, type WriteCollision } from './step-write-map.ts';

export interface NodeUpdate {
  patches: Patch[];
  /** The node's own view after its updates, when it ran in this process. */
  view?: unknown;
}

const NO_PATCHES: Patch[] = [];

/**
 * Applies the state changes of one step's nodes in node order. Each node's
 * patches were made against the step's starting state; appends to a list that
 * an earlier node of the step also grew are shifted past that node's items,
 * so concurrent pushes keep node order, and writes to different places all
 * apply. Two nodes writing the same place combine through the reducer
 * declared for that path (one `replace` patch with the result); without one
 * the step fails with STATE_CONFLICT naming both nodes and the path: no
 * update is ever lost. A step resumed from a checkpoint replays stored
 * patches through the same function, so its result equals an uninterrupted
 * run's. `nameOf(i)` names update `i`'s node (for the error).
 */
export function applyStepUpdates(
  base: unknown,
  updates: readonly NodeUpdate[],
  reducers?: readonly PathReducer[],
  nameOf: (index: number) => string = String,
): { state: unknown; patches: Patch[] } {
  let changedCount = 0;
  let only: NodeUpdate | undefined;
  for (const u of updates) {
    if (u.patches.length === 0) continue;
    changedCount++;
    only ??= u;
  }
  if (only === undefined) return { state: base, patches: NO_PATCHES };
  if (changedCount === 1) {
    return { state: only.view !== undefined ? only.view : applyPatchList(base, only.patches), patches: only.patches };
  }
  const reduced = checkWrites(base, updates, reducers, nameOf);
  let state = base;
  const all: Patch[] = [];
  // One set of copies for the whole step: each container is copied once, however many nodes write under it.
  const owned = new Set<object>();
  for (const update of updates) {
    if (update.patches.length === 0) continue;
    const before = state;
    const direct = reduced ? update.patches.filter((p) => !reduced.has(reducerFor(reducers!, p.path)!)) : update.patches;
    const rebased = direct.map((p) => rebaseAppend(p, base, before));
    state = applyPatchList(state, rebased, owned);
    for (const p of rebased) all.push(p);
  }
  if (reduced) {
    const combined = [...reduced].map(([r, writers]) =>
      combine(
        r,
        base,
        writers.map((n) => [n, updates[n]!.patches]),
        nameOf,
      ),
    );
    state = applyPatchList(state, combined, owned);
    for (const p of combined) all.push(p);
  }
  freezeOwned(owned);
  return { state, patches: all };
}

/**
 * Finds writes that would lose one another (STATE_CONFLICT) and returns the
 * reducer paths that more than one node wrote, with those nodes (in order);
 * undefined when there are none.
 */
function checkWrites(
  base: unknown,
  updates: readonly NodeUpdate[],
  reducers: readonly PathReducer[] | undefined,
  nameOf: (index: number) => string,
): Map<PathReducer, number[]> | undefined {
  const map = new StepWriteMap(base, reducers);
  let writers: Map<PathReducer, number[]> | undefined;
  updates.forEach((update, n) => {
    const rewritten = map.rewrittenLists(update.patches);
    for (const patch of update.patches) {
      const hit = map.add(n, patch, rewritten);
      if (hit) throw conflict(hit, nameOf);
      const r = reducers && reducerFor(reducers, patch.path);
      if (!r) continue;
      writers ??= new Map();
      const list = writers.get(r) ?? [];
      if (list.at(-1) !== n) list.push(n);
      writers.set(r, list);
    }
  });
  if (!writers) return undefined;
  // A reducer path only one node wrote is applied as that node's patches.
  for (const [r, list] of writers) if (list.length < 2) writers.delete(r);
  return writers.size ? writers : undefined;
}

function conflict(hit: WriteCollision, nameOf: (index: number) => string): WeftError {
  const [a, b] = hit.nodes.map(nameOf) as [string, string];
  const where = hit.path.length ? `state.${hit.path.join('.')}` : 'the whole state';
  const key = hit.path.length ? hit.path.join('.') : '<path>';
  return new WeftError(
    'STATE_CONFLICT',
    `nodes "${a}" and "${b}" both changed ${where} in one step, so one update would be lost; declare how to combine them with a reducer (graph({ reducers: { '${key}': (current, mine, base) => … } })), or have them write different paths`,
    { details: { nodes: [a, b], path: hit.path } },
  );
}

/** The value several nodes left at a reducer's path, combined in node order, as one patch. */
function combine(
  r: PathReducer,
  base: unknown,
  writers: readonly [index: number, patches: Patch[]][],
  nameOf: (index: number) => string,
): Patch {
  const start = valueAt(base, r.path);
  let current = start;
  for (const [n, patches] of writers) {
    const mine = valueAt(
      applyPatchList(
        base,
        patches.filter((p) => reducerFor([r], p.path)),
      ),
      r.path,
    );
    try {
      current = r.reduce(current, mine, start);
    } catch (err) {
      throw new WeftError(
        'REDUCER_FAILED',
        `the reducer for state.${r.name} threw on the value of node "${nameOf(n)}": ${err instanceof Error ? err.message : String(err)}`,
        {
          cause: err,
          details: { path: r.path, node: nameOf(n) },
        },
      );
    }
  }
  return { op: start === undefined ? 'add' : 'replace', path: [...r.path], value: current };
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Container)[key];
  }
  return node;
}

function rebaseAppend(patch: Patch, base: unknown, current: unknown): Patch {
  let b = base;
  let c = current;
  for (let i = 0; i < patch.path.length; i++) {
    const seg = patch.path[i];
    if (Array.isArray(b) && Array.isArray(c) && typeof seg === 'number' && seg >= b.length) {
      if (c.length === b.length) return patch;
      const path = patch.path.slice();
      path[i] = seg + c.length - b.length;
      return { ...patch, path };
    }
    if (b === null || c === null || typeof b !== 'object' || typeof c !== 'object' || seg === undefined) return patch;
    b = (b as Container)[seg];
    c = (c as Container)[seg];
  }
  return patch;
}
