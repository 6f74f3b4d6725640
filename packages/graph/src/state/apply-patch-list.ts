import type { Patch } from 'immer';
import { pathKeyProblem } from '@weft/checkpoint';
import { deepFreeze } from './deep-freeze.ts';
import { WeftError } from '../errors.ts';
import { isContainer, shallowCopy, type Container } from './container.ts';
import { IndexedList } from './indexed-list.ts';

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
 *
 * Stored patches also choose how much work they ask for: paths are walked
 * without recursion (20,000 keys overflowed the stack), and splices are
 * counted per list (see SplicedLists): 400,000 insertions at position 0 took
 * 91 s when each was a `splice()`, and are now linear in the list and the
 * patches.
 */
export function applyPatchList(base: unknown, patches: readonly Patch[], owned?: Set<object>): unknown {
  if (patches.length === 0) return base;
  const copies = owned ?? new Set<object>();
  const outer = spliced;
  spliced = undefined;
  let state = base;
  try {
    for (const patch of patches) {
      const problem = OPS.has(patch.op) && Array.isArray(patch.path) ? pathKeyProblem(patch.path) : 'is not an add, replace or remove';
      if (problem) throw invalid(patch, problem);
      state = applyOne(state, patch, copies);
    }
    // Set by applyOne when a splice moved items (TypeScript cannot see that from here).
    (spliced as SplicedLists | undefined)?.writeBack();
  } finally {
    spliced = outer;
  }
  if (!owned) freezeOwned(copies);
  return state;
}

/** Freezes the containers a batch of patches copied (their contents are frozen already). */
export function freezeOwned(owned: Set<object>): void {
  for (const container of owned) Object.freeze(container);
  owned.clear();
}

/**
 * One patch, walking its path without recursion (a stored path may be as
 * long as the checkpoint allows): each container on the way is copied unless
 * this batch owns it already, and linked into the copy above it.
 */
function applyOne(root: unknown, patch: Patch, owned: Set<object>): unknown {
  const { path } = patch;
  if (path.length === 0) {
    if (patch.op === 'remove') throw invalid(patch, 'removes the whole state');
    return deepFreeze(patch.value);
  }
  let result = root;
  let parent: Container | undefined;
  let parentKey: string | number = 0;
  let node = root;
  for (let depth = 0; ; depth++) {
    if (!isContainer(node)) throw invalid(patch, `has no container at ${shortPath(path, depth)}`);
    const last = depth === path.length - 1;
    let key: string | number;
    let indexed: IndexedList | undefined;
    if (Array.isArray(node)) {
      indexed = spliced?.get(node);
      key = listIndex(indexed ? indexed.length : node.length, patch, depth, last);
    } else {
      key = path[depth]!;
      if (!last && !Object.hasOwn(node, key)) throw invalid(patch, `has no container at ${shortPath(path, depth + 1)}`);
    }
    let copy = node;
    if (!owned.has(node)) {
      copy = shallowCopy(node);
      owned.add(copy);
      const above = parent !== undefined && spliced !== undefined && Array.isArray(parent) ? spliced.get(parent) : undefined;
      if (parent === undefined) result = copy;
      else if (above) above.set(parentKey as number, copy);
      else parent[parentKey] = copy;
    }
    if (last) {
      if (Array.isArray(copy)) changeList(copy, key as number, patch);
      else if (patch.op === 'remove') delete copy[key];
      else copy[key] = deepFreeze(patch.value);
      return result;
    }
    parent = copy;
    parentKey = key;
    node = indexed ? indexed.at(key as number) : copy[key];
  }
}

/** The last step of a patch on a list this batch owns: by splice, or through an IndexedList once splicing costs too much. */
function changeList(list: unknown[], index: number, patch: Patch): void {
  const value = patch.op === 'remove' ? undefined : deepFreeze(patch.value);
  // Items a splice would move: none at the end of the list.
  const moves = patch.op === 'replace' ? 0 : list.length - index - (patch.op === 'remove' ? 1 : 0);
  const indexed = spliced?.get(list) ?? (moves > 0 ? (spliced ??= new SplicedLists()).charge(list, moves) : undefined);
  if (indexed) {
    if (patch.op === 'add') indexed.insert(index, value);
    else if (patch.op === 'replace') indexed.set(index, value);
    else indexed.remove(index);
  } else if (patch.op === 'add') list.splice(index, 0, value);
  else if (patch.op === 'replace') list[index] = value;
  else list.splice(index, 1);
}

/**
 * The lists of one batch whose items were moved by splices, and what it cost.
 * Once the splices on a list would have moved more than twice its length
 * (plus a little), the list moves into an IndexedList for the rest of the
 * batch and is written back at its end: a batch then costs time in
 * proportion to its lists and patches, not to their product.
 */
class SplicedLists {
  #moved: Map<unknown[], number> | undefined;
  #indexed: Map<unknown[], IndexedList> | undefined;

  get(list: unknown[]): IndexedList | undefined {
    return this.#indexed?.get(list);
  }

  /** Counts a splice of `moves` items on `list`; returns the IndexedList it should go through instead when that is past the budget. */
  charge(list: unknown[], moves: number): IndexedList | undefined {
    this.#moved ??= new Map();
    const moved = (this.#moved.get(list) ?? 0) + moves;
    if (moved <= 2 * list.length + SPLICE_SLACK) {
      this.#moved.set(list, moved);
      return undefined;
    }
    const indexed = new IndexedList(list);
    (this.#indexed ??= new Map()).set(list, indexed);
    return indexed;
  }

  writeBack(): void {
    if (this.#indexed) for (const [list, indexed] of this.#indexed) indexed.writeTo(list);
  }
}

/** The list position `path[depth]` names, checked against the list's length (see applyPatchList). */
function listIndex(length: number, patch: Patch, depth: number, last: boolean): number {
  const key = patch.path[depth];
  const add = last && patch.op === 'add';
  const index = typeof key === 'number' ? key : key === '-' && add ? length : INDEX.test(key!) ? Number(key) : NaN;
  if (Number.isInteger(index) && index >= 0 && index <= (add ? length : length - 1)) return index;
  throw invalid(patch, `names position ${JSON.stringify(key)} of a list of ${length}`);
}

/**
 * The lists of the batch being applied whose splices are counted, created at
 * the first splice that moves items (most batches have none). Module state:
 * applyPatchList is synchronous, and it saves and restores this around
 * itself, so a nested call (from a getter of a value it freezes) is safe.
 */
let spliced: SplicedLists | undefined;

const OPS = new Set<unknown>(['add', 'replace', 'remove']);
/** A list index as a string: digits without a leading zero. */
const INDEX = /^(0|[1-9]\d*)$/;
/** Items a batch may move by splicing on top of twice the list's length before the list goes through an IndexedList. */
const SPLICE_SLACK = 64;
/** Keys of a path shown in a message; a stored path may have thousands. */
const SHOWN_KEYS = 12;

/** The first `length` keys of a path as JSON, cut after SHOWN_KEYS. */
function shortPath(path: readonly unknown[], length = path.length): string {
  if (length <= SHOWN_KEYS) return JSON.stringify(path.slice(0, length));
  return `${JSON.stringify(path.slice(0, SHOWN_KEYS)).slice(0, -1)},…] of ${length.toLocaleString('en-US')} keys`;
}

function invalid(patch: Patch, why: string): WeftError {
  const shown = patch.path.length > SHOWN_KEYS ? { ...patch, path: patch.path.slice(0, SHOWN_KEYS) } : patch;
  return new WeftError('CHECKPOINT_CORRUPT', `a state patch ${why} (${patch.op} ${shortPath(patch.path)})`, { details: { patch: shown } });
}
