import type { Patch } from 'immer';
import { deepFreeze } from './deep-freeze.ts';
import { WeftError } from '../errors.ts';
import { isContainer, shallowCopy } from './container.ts';
import { pathKeyProblem } from './path-key-problem.ts';

/**
 * Applies immer patches to a frozen state tree the way `applyPatches` does
 * (`add` inserts into lists and sets keys, `replace` sets, `remove` deletes),
 * copying only the containers along each path. Many times cheaper than
 * immer's, which drafts the whole path for every call; used at every barrier
 * with several updating nodes and when a delta checkpoint is loaded.
 *
 * A container is copied at most once per call (later patches change the copy
 * in place), so a step where many nodes write under one wide record costs
 * one copy of it, not one per write. Pass `owned` to share that across calls;
 * then the caller freezes what it holds when done (see {@link freezeOwned}).
 *
 * Stored patches are untrusted input, so each is checked before it changes
 * anything (CHECKPOINT_CORRUPT): op add, replace or remove; no key that leads
 * to a prototype (see pathKeyProblem); only own keys on the way down; list
 * indexes that are integers (or their canonical strings) within 0..length-1,
 * or 0..length and '-' for the last key of an add. An unchecked index of
 * 4,294,967,294 made a 4-billion-slot list that the next patch spent minutes
 * copying.
 */
export function applyPatchList(base: unknown, patches: readonly Patch[], owned?: Set<object>): unknown {
  if (patches.length === 0) return base;
  const copies = owned ?? new Set<object>();
  let state = base;
  for (const patch of patches) {
    const problem = OPS.has(patch.op) && Array.isArray(patch.path) ? pathKeyProblem(patch.path) : 'is not an add, replace or remove';
    if (problem) throw invalid(patch, problem);
    state = applyOne(state, patch, 0, copies);
  }
  if (!owned) freezeOwned(copies);
  return state;
}

/** Freezes the containers a batch of patches copied (their contents are frozen already). */
export function freezeOwned(owned: Set<object>): void {
  for (const container of owned) Object.freeze(container);
  owned.clear();
}

function applyOne(node: unknown, patch: Patch, depth: number, owned: Set<object>): unknown {
  const { path } = patch;
  if (path.length === 0) {
    if (patch.op === 'remove') throw invalid(patch, 'removes the whole state');
    return deepFreeze(patch.value);
  }
  if (!isContainer(node)) throw invalid(patch, `has no container at ${JSON.stringify(path.slice(0, depth))}`);
  const last = depth === path.length - 1;
  const key = Array.isArray(node) ? listIndex(node, patch, depth, last) : path[depth]!;
  if (!last && !Object.hasOwn(node, key)) throw invalid(patch, `has no container at ${JSON.stringify(path.slice(0, depth + 1))}`);
  let copy = node;
  if (!owned.has(node)) {
    copy = shallowCopy(node);
    owned.add(copy);
  }
  if (!last) {
    copy[key] = applyOne(node[key], patch, depth + 1, owned);
  } else if (Array.isArray(copy)) {
    const index = key as number;
    if (patch.op === 'add') copy.splice(index, 0, deepFreeze(patch.value));
    else if (patch.op === 'replace') copy[index] = deepFreeze(patch.value);
    else copy.splice(index, 1);
  } else if (patch.op === 'remove') {
    delete copy[key];
  } else {
    copy[key] = deepFreeze(patch.value);
  }
  return copy;
}

/** The list position `path[depth]` names, checked against the list's length (see applyPatchList). */
function listIndex(list: unknown[], patch: Patch, depth: number, last: boolean): number {
  const key = patch.path[depth];
  const add = last && patch.op === 'add';
  const index = typeof key === 'number' ? key : key === '-' && add ? list.length : INDEX.test(key!) ? Number(key) : NaN;
  if (Number.isInteger(index) && index >= 0 && index <= (add ? list.length : list.length - 1)) return index;
  throw invalid(patch, `names position ${JSON.stringify(key)} of a list of ${list.length}`);
}

const OPS = new Set<unknown>(['add', 'replace', 'remove']);
/** A list index as a string: digits without a leading zero. */
const INDEX = /^(0|[1-9]\d*)$/;

function invalid(patch: Patch, why: string): WeftError {
  return new WeftError('CHECKPOINT_CORRUPT', `a state patch ${why} (${patch.op} ${JSON.stringify(patch.path)})`, { details: { patch } });
}
