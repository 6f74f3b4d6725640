import type { Patch } from 'immer';
import { deepFreeze } from './deep-freeze.ts';
import { WeftError } from '../errors.ts';
import { isContainer, shallowCopy } from './container.ts';

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
 */
export function applyPatchList(base: unknown, patches: readonly Patch[], owned?: Set<object>): unknown {
  if (patches.length === 0) return base;
  const copies = owned ?? new Set<object>();
  let state = base;
  for (const patch of patches) state = applyOne(state, patch, 0, copies);
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
  const key = path[depth]!;
  let copy = node;
  if (!owned.has(node)) {
    copy = shallowCopy(node);
    owned.add(copy);
  }
  if (depth < path.length - 1) {
    copy[key] = applyOne(node[key], patch, depth + 1, owned);
  } else if (Array.isArray(copy)) {
    const index = key === '-' ? copy.length : Number(key);
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

function invalid(patch: Patch, why: string): WeftError {
  return new WeftError('CHECKPOINT_CORRUPT', `a state patch ${why} (${patch.op} ${JSON.stringify(patch.path)})`, { details: { patch } });
}
