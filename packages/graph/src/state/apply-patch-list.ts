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
 */
export function applyPatchList(base: unknown, patches: readonly Patch[]): unknown {
  let state = base;
  for (const patch of patches) state = applyOne(state, patch, 0);
  return state;
}

function applyOne(node: unknown, patch: Patch, depth: number): unknown {
  const { path } = patch;
  if (path.length === 0) {
    if (patch.op === 'remove') throw invalid(patch, 'removes the whole state');
    return deepFreeze(patch.value);
  }
  if (!isContainer(node)) throw invalid(patch, `has no container at ${JSON.stringify(path.slice(0, depth))}`);
  const key = path[depth]!;
  const copy = shallowCopy(node);
  if (depth < path.length - 1) {
    copy[key] = applyOne(node[key], patch, depth + 1);
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
  return Object.freeze(copy);
}

function invalid(patch: Patch, why: string): WeftError {
  return new WeftError('CHECKPOINT_CORRUPT', `a state patch ${why} (${patch.op} ${JSON.stringify(patch.path)})`, { details: { patch } });
}
