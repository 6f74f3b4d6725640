import { nothing, type Patch } from 'immer';
import { isContainer, type Container } from './container.ts';
import { deepFreeze } from './deep-freeze.ts';
import { DraftNode } from './draft-node.ts';

/** A recipe as ctx.update takes it: change the draft, or return a replacement. */
export type Recipe = (draft: never) => unknown;

/**
 * Runs an immer recipe on a frozen state and returns the next state, frozen,
 * with the patches that turn the old state into it. The semantics are
 * immer's `produceWithPatches` for plain objects and lists: change the draft
 * or return a new value (or immer's `nothing`), never both; nested containers
 * are drafted when read; assigning what is already there changes nothing;
 * the patches are the ones immer records (`replace`/`add` per changed key or
 * index, `add` per appended item, `remove` from the end of a shortened list,
 * one root `replace` for a returned value or a state that is not a container).
 * Class instances, Maps, Sets and Dates are values, not drafted.
 *
 * Written here rather than calling immer because immer copies and walks
 * lists with `slice()` and `forEach()`, which V8 (Node 20) runs 30–100 times
 * slower on frozen arrays, and Weft's state is always frozen: appending to a
 * 50-item list took 10.9 µs through immer and 2.4 µs here, a two-key update
 * 2.4 and 1.1 µs (docs/decisions/0013 has the figures).
 */
export function applyRecipe(base: unknown, recipe: Recipe): [next: unknown, patches: Patch[]] {
  if (!isContainer(base)) {
    const result = synchronous(recipe(base as never));
    const next = deepFreeze(result === undefined ? base : result === nothing ? undefined : result);
    return [next, [{ op: 'replace', path: [], value: next }]];
  }
  const all: DraftNode[] = [];
  const root = new DraftNode(base, undefined, undefined, all);
  try {
    const result = synchronous(recipe(root.proxy as never));
    if (result !== undefined && result !== root.proxy) {
      if (root.changed)
        throw new Error('a state recipe changed its draft and also returned a new value: either change the draft or return a new state');
      const next = deepFreeze(result === nothing ? undefined : finalValue(result, new Set()));
      return [next, [{ op: 'replace', path: [], value: next }]];
    }
    const next = deepFreeze(finalize(root, new Set()));
    return [next, patchesOf(all)];
  } finally {
    for (const node of all) node.done = true;
  }
}

function synchronous(result: unknown): unknown {
  if (typeof (result as PromiseLike<unknown> | null)?.then === 'function')
    throw new TypeError('a state recipe must be synchronous: it returned a promise; await first, then update the state');
  return result;
}

/**
 * The node's final container: the copy with every draft in it replaced by its
 * final value. `seen` holds the new containers already walked, once per recipe.
 */
function finalize(node: DraftNode, seen: Set<object>): Container {
  if (!node.changed) return node.base;
  const copy = node.copy!;
  if (node.finalized) return copy;
  node.finalized = true;
  for (const [key, child] of node.children) {
    // Still the original there (not replaced, not moved away): the child's changes belong here.
    if (Object.hasOwn(copy, key) && copy[key] === node.base[key]) copy[key] = finalize(child, seen);
  }
  for (const [key, set] of node.assigned) if (set && Object.hasOwn(copy, key)) copy[key] = finalValue(copy[key], seen);
  return copy;
}

/** A value the recipe put into the state: a draft becomes its final value, and so do drafts inside new containers. */
function finalValue(value: unknown, seen: Set<object>): unknown {
  const node = DraftNode.of(value);
  if (node) return finalize(node, seen);
  if (!isContainer(value) || Object.isFrozen(value) || seen.has(value)) return value;
  seen.add(value);
  for (const key of Object.keys(value)) {
    const inner = value[key];
    const final = finalValue(inner, seen);
    if (final !== inner) value[key] = final;
  }
  return value;
}

/**
 * The patches of a finalized recipe, in immer's order: each changed
 * container's own writes, the one drafted last first, skipping one that is
 * no longer where it was read (its parent took a new value there, which that
 * parent's patch carries whole).
 */
function patchesOf(all: readonly DraftNode[]): Patch[] {
  const out: Patch[] = [];
  for (let i = all.length - 1; i >= 0; i--) {
    const node = all[i]!;
    const path = node.changed ? pathOf(node) : undefined;
    if (path) ownPatches(node, path, out);
  }
  return out;
}

function pathOf(node: DraftNode): (string | number)[] | undefined {
  const { parent, key } = node;
  if (!parent || key === undefined) return [];
  if (parent.assigned.has(key) || parent.copy![key] !== node.copy) return undefined;
  const above = pathOf(parent);
  return above && [...above, key];
}

/** Immer's patches for one container's own writes: per changed key or index, then list growth or shrinkage. */
function ownPatches(node: DraftNode, path: (string | number)[], out: Patch[]): void {
  const { base } = node;
  const copy = node.copy!;
  if (node.isList) {
    const [from, to] = [base as unknown as unknown[], copy as unknown as unknown[]];
    const common = Math.min(from.length, to.length);
    for (let i = 0; i < common; i++)
      if (node.assigned.has(i) && to[i] !== from[i]) out.push({ op: 'replace', path: [...path, i], value: to[i] });
    for (let i = from.length; i < to.length; i++) out.push({ op: 'add', path: [...path, i], value: to[i] });
    for (let i = from.length - 1; i >= to.length; i--) out.push({ op: 'remove', path: [...path, i] });
    return;
  }
  for (const [key, set] of node.assigned) {
    if (!set) {
      out.push({ op: 'remove', path: [...path, key] });
      continue;
    }
    const existed = Object.hasOwn(base, key);
    if (!existed || copy[key] !== base[key]) out.push({ op: existed ? 'replace' : 'add', path: [...path, key], value: copy[key] });
  }
}
