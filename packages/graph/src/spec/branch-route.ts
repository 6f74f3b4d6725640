import type { BranchContext } from './branch-context.ts';
import type { Send } from './send.ts';

/** What a branch route returns: target names, tasks started with send(), or a list mixing both. */
export type RouteResult<T extends string = string> = T | Send | readonly (T | Send)[];

/** A branch's route: where a node's output goes, given the output, the state after the step's changes, and the branch context. */
export type BranchRoute<O = any, S = any> = (output: O, state: S, at: BranchContext) => RouteResult | PromiseLike<RouteResult>;
