import type { GraphIssue } from '../errors.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';
import type { PathReducer } from '../state/state-reducers.ts';
import type { BranchRoute } from './branch-route.ts';
import type { NodeFn } from './node-fn.ts';
import type { NodeOptions } from './node-options.ts';

/**
 * One node as the builder collected it: a function, or a subgraph. `Sub` is
 * what a subgraph node holds: the spec does not know compiled graphs (they
 * are made from specs, above this layer), so the builder fills it with the
 * subgraph's execution plan and the compiler reads it as such.
 */
export interface NodeSpec<Sub = unknown> {
  name: string;
  fn?: NodeFn;
  sub?: Sub;
  options: NodeOptions<any, any, any>;
}

export interface EdgeSpec {
  from: string;
  to: string;
}

export interface BranchSpec {
  from: string;
  route: BranchRoute;
  targets: readonly string[];
}

/** Everything the builder collected; the compiler's input. `Sub`: what subgraph nodes hold (see {@link NodeSpec}). */
export interface GraphDefinition<Sub = unknown> {
  name: string;
  state?: () => unknown;
  /** The state's schema, when the state was given as one (a migrated state must pass it). */
  stateSchema?: StandardSchemaV1;
  /** Checks the run's input at its boundary; nodes get the schema's output. */
  input?: StandardSchemaV1;
  /** Checks the run's output when it ends done; the run gives the schema's output. */
  output?: StandardSchemaV1;
  reducers?: PathReducer[];
  nodes: NodeSpec<Sub>[];
  edges: EdgeSpec[];
  branches: BranchSpec[];
  issues: GraphIssue[];
}
