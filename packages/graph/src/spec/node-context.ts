import type { Draft } from 'immer';
import type { Channel } from './channel.ts';
import type { BudgetContext } from './budget.ts';

/** What a node sees while it runs. */
export interface NodeContext<S = unknown> {
  /** The graph's state at the start of the step, with this node's own updates applied. */
  readonly state: S;
  /** Records an immer recipe; the change is applied to the graph state at the step's barrier. */
  update(recipe: (draft: Draft<S>) => void): void;
  /**
   * Sets the value at `path` (keys and indexes from the root). Recorded as the
   * same patch as a recipe assigning it, but without drafting: use it on hot
   * paths. The containers along the path must exist.
   */
  set(path: readonly (string | number)[], value: unknown): void;
  /** Appends values to the list at `path`; like `set`, a cheap form of a pushing recipe. */
  append(path: readonly (string | number)[], ...values: unknown[]): void;
  /**
   * Removes the key (or list item) at `path`; like `set`, the same `remove`
   * patch a recipe deleting it would record, without drafting. The key must exist.
   */
  remove(path: readonly (string | number)[]): void;
  /**
   * Emits a `node.custom` event: `emit(data)` carries any value; `emit(channel,
   * data)` publishes `data` on a typed channel (see `channel()`), which a
   * listener reads back typed with `run.channel(channel)`. Nothing is built
   * when the run has no listener for custom events.
   *
   * @example
   * const progress = channel<{ done: number }>('my-app.progress');
   * graph({ name: 'g' }).addNode('work', (n: number, ctx) => (ctx.emit(progress, { done: n }), n));
   */
  emit(data: unknown): void;
  emit<T>(channel: Channel<T>, data: NoInfer<T>): void;
  /** Aborts on run cancellation and on this node's timeout. */
  readonly signal: AbortSignal;
  /** Subgraph nodes leading here, then this node's name. */
  readonly path: readonly string[];
  readonly node: string;
  /** The task's key when it was started by `send()`. */
  readonly key: string | undefined;
  readonly step: number;
  readonly attempt: number;
  readonly runId: string;
  readonly threadId: string | undefined;
  /**
   * The thread's checkpoint this step continues from: the latest one the run
   * had written (or started from) when the step began. What a node writes
   * outside the graph can name it, so the write is traced to the point of
   * the thread it came from. Undefined without a store; inside a subgraph,
   * the parent's (a subgraph checkpoints within its parent's checkpoints).
   */
  readonly checkpointId: string | undefined;
  /**
   * The thread's usage and budget (see `compile({ budget })`): what its branch
   * spent so far, and `charge()`/`record()` to count what this node spends.
   * Shared by the run's subgraphs.
   */
  readonly budget: BudgetContext;
  /** The run context a higher layer passed to `run()`; saved in every checkpoint. */
  readonly context: Record<string, unknown>;
  /**
   * Whether the thread started with behaviour patch `id` (declared with
   * `compile({ patches })`): true for threads that started after the patch
   * shipped, false for older ones — recorded in the thread, so a thread that
   * paused under the old code keeps the old behaviour when it resumes under
   * the new. An id the graph does not declare is PATCH_UNDECLARED.
   *
   * @example
   * const limit = ctx.patched('refund-limit-200') ? 200 : 100;
   */
  patched(id: string): boolean;
}
