import type { Draft, Patch } from 'immer';
import { pathKeyProblem } from '@weft/checkpoint';
import { applyRecipe, type Recipe } from './apply-recipe.ts';
import { freezeOwned } from './apply-patch-list.ts';
import { WeftError } from '../errors.ts';
import { appendIn, removeIn, setIn, type StatePath } from './write-path.ts';

/**
 * One node's view of the graph state during a step: the step's starting state
 * plus this node's own recipes. The recorded patches are relative to the
 * starting state, so they can be stored and replayed at the barrier.
 */
export class NodeState<S = unknown> {
  #current: S;
  /**
   * Containers that path writes copied since the state was last read: later
   * writes change them in place instead of copying again (a node that writes
   * several times under one wide record copies it once). Nobody else can see
   * them, since the only way in is `current`, which freezes them first.
   */
  readonly #owned = new Set<object>();
  readonly patches: Patch[] = [];

  constructor(base: S) {
    this.#current = base;
  }

  /** The node's view of the state, frozen. */
  get current(): S {
    if (this.#owned.size) freezeOwned(this.#owned);
    return this.#current;
  }

  /** Immer semantics: mutate the draft, or return a replacement state. */
  update(recipe: (draft: Draft<S>) => unknown): void {
    this.#apply(recipe as (draft: Draft<S>) => void);
  }

  /** Runs `fn` on a draft and returns what it returns (for pre/post handlers); only draft changes count. */
  withDraft<R>(fn: (draft: Draft<S>) => R): R {
    let result!: R;
    this.#apply((draft) => {
      result = fn(draft);
    });
    return result;
  }

  /** Sets one value (see setIn): the same patch a recipe assigning it would record, without drafting. */
  set(path: StatePath, value: unknown): void {
    const { root, patch } = setIn(this.#current, path, value, this.#owned);
    this.#current = root as S;
    this.patches.push(patch);
  }

  /** Removes a key or list item (see removeIn). */
  remove(path: StatePath): void {
    const { root, patch } = removeIn(this.#current, path, this.#owned);
    this.#current = root as S;
    this.patches.push(patch);
  }

  /** Appends to a list (see appendIn). */
  append(path: StatePath, values: readonly unknown[]): void {
    const { root, patches } = appendIn(this.#current, path, values, this.#owned);
    this.#current = root as S;
    for (const p of patches) this.patches.push(p);
  }

  #apply(recipe: (draft: Draft<S>) => void): void {
    const [next, patches] = applyRecipe(this.current, recipe as Recipe);
    // A recipe can write any key; one through a prototype key could never be replayed from a checkpoint.
    for (const p of patches) {
      const problem = pathKeyProblem(p.path);
      if (problem)
        throw new WeftError('INVALID_ARGUMENT', `a state update ${problem}: state keys cannot be __proto__, constructor or prototype`, {
          details: { path: p.path },
        });
    }
    this.#current = next as S;
    for (const p of patches) this.patches.push(p);
  }
}
