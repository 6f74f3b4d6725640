import type { Patch } from 'immer';
import { applyPatchList, freezeOwned } from './apply-patch-list.ts';
import type { Container } from './container.ts';

export interface NodeUpdate {
  patches: Patch[];
  /** The node's own view after its updates, when it ran in this process. */
  view?: unknown;
}

/**
 * Applies the state changes of one step's nodes in node order. Each node's
 * patches were made against the step's starting state; appends to an array
 * that an earlier node of the step also grew are shifted past that node's
 * items, so concurrent pushes keep node order. Other writes to the same place:
 * the later node wins. A step resumed from a checkpoint replays stored patches
 * through the same function, so its result equals an uninterrupted run's.
 */
const NO_PATCHES: Patch[] = [];

export function applyStepUpdates(base: unknown, updates: readonly NodeUpdate[]): { state: unknown; patches: Patch[] } {
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
  let state = base;
  const all: Patch[] = [];
  // One set of copies for the whole step: each container is copied once, however many nodes write under it.
  const owned = new Set<object>();
  for (const update of updates) {
    if (update.patches.length === 0) continue;
    const before = state;
    const rebased = update.patches.map((p) => rebaseAppend(p, base, before));
    state = applyPatchList(state, rebased, owned);
    for (const p of rebased) all.push(p);
  }
  freezeOwned(owned);
  return { state, patches: all };
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
