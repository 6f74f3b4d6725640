import type { BranchRoute } from '../spec/branch-route.ts';
import type { Budget } from '../spec/budget.ts';
import type { NodeFn } from '../spec/node-fn.ts';
import type { NodeOptions } from '../spec/node-options.ts';
import type { CheckpointPolicy, GraphMismatchPolicy, ThreadCheck } from './compile-options.ts';
import type { GraphJSON } from './graph-json.ts';
import type { Migration } from '../spec/migration.ts';
import type { PathReducer } from '../state/state-reducers.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';

/**
 * The compiled form the scheduler runs: nodes in a fixed order (their index
 * decides the order of state updates at a barrier) with successors resolved to
 * direct references, so routing does no name lookups.
 */
export interface ExecutionPlan {
  name: string;
  hash: string;
  nodes: PlanNode[];
  byName: ReadonlyMap<string, PlanNode>;
  /** START as a pseudo-node (index -1): its "output" is the run input. */
  start: PlanNode;
  stateInit: (() => unknown) | undefined;
  /** Checks a run's input before anything is written (INPUT_INVALID); its output is what nodes get. */
  inputSchema: StandardSchemaV1 | undefined;
  /** Checks what END received when the run ends done (OUTPUT_INVALID); its output is the run's output. */
  outputSchema: StandardSchemaV1 | undefined;
  /** Reducers by state path, for writes of several nodes of one step to the same place. */
  reducers: readonly PathReducer[] | undefined;
  maxSteps: number;
  maxConcurrency: number;
  snapshotEvery: number;
  /** The most bytes one encoded checkpoint may take (CHECKPOINT_TOO_LARGE past it). */
  maxCheckpointBytes: number;
  /** The largest binary value a checkpoint takes (CHECKPOINT_VALUE_TOO_LARGE past it). */
  maxBlobBytes: number;
  /** The runs' default; a run may choose for itself. */
  checkpoints: CheckpointPolicy;
  /** The graph's description, as the store keeps it for each version. */
  json: GraphJSON;
  /** The label given to compile(), if any. */
  version: string | undefined;
  migrations: readonly Migration[];
  onGraphMismatch: GraphMismatchPolicy;
  /** The behaviour patches this version declares. */
  patches: readonly string[];
  /** The state's Standard Schema, when the graph's state was given as one. */
  stateSchema: StandardSchemaV1 | undefined;
  threadCheck: ThreadCheck | undefined;
  /** The graph's budget for each thread (`compile({ budget })`); runs and resumes set theirs over it. */
  budget: Budget | undefined;
}

/** `null` stands for END. */
export type PlanTarget = PlanNode | null;

export interface PlanBranch {
  route: BranchRoute;
  targets: ReadonlyMap<string, PlanTarget>;
}

export interface PlanNode {
  name: string;
  index: number;
  trigger: 'any' | 'all';
  /** The segment this node adds to interrupt addresses. */
  address: string;
  fn: NodeFn | undefined;
  sub: ExecutionPlan | undefined;
  options: NodeOptions<any, any, any>;
  /** Its tasks go to the run's task dispatcher when it has one (`distribute` on the node or the graph). */
  distributed: boolean;
  /** Static predecessors by name (START included), for joins and skip propagation. */
  preds: readonly string[];
  edges: PlanTarget[];
  branches: PlanBranch[];
  /** Every successor a skip must reach: edge targets and all branch targets. */
  successors: PlanTarget[];
}
