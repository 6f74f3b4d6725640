import type { Channel } from './channel.ts';

/**
 * What a branch route gets besides the node's output and the state: which
 * task's output it routes, and a way to publish on a channel at the step's
 * barrier. A route sees the state with every change of its step applied, so
 * the routes of several tasks of one step can agree on where to go; what they
 * publish comes once the whole step has finished (a node's own `ctx.emit`
 * comes while it runs), which is where an event that sums up the step
 * belongs.
 *
 * @example
 * const turns = channel<{ calls: number }>('my-app.turns');
 * builder.addBranch('tools', (out: string[], state: S, at) => {
 *   at.emit(turns, { calls: out.length });
 *   return out.length ? 'model' : END;
 * }, ['model', END]);
 */
export interface BranchContext {
  /** The node whose output is routed. */
  readonly node: string;
  /** The task's key when it was started by `send()`. */
  readonly key: string | undefined;
  readonly step: number;
  /**
   * Publishes `data` on `channel`: a `node.custom` event of the routed node
   * and key, emitted at the barrier, after the step's nodes finished and its
   * state changes were applied and before its `state.patch` and checkpoint.
   * Routes run in node order (tasks of one node in the order they were sent),
   * so their messages come in that order. A step whose outputs cannot all be
   * delivered (a branch's bad target) still published what the routes before
   * it did; resuming routes the step again. A branch from START publishes
   * nothing: no step has run yet.
   */
  emit<T>(channel: Channel<T>, data: NoInfer<T>): void;
}
