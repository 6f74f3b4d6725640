import type { CheckpointErrorCode } from '@weft/checkpoint';
import { isWeftError as isAnyWeftError, retryableOf, WeftError as CommonWeftError, type WeftErrorOptions } from '@weft/common';

/**
 * Every error Weft's graph layer raises is a `WeftError` with a stable `code`:
 * its own, or one of the checkpoint and store codes (`CheckpointErrorCode`,
 * from @weft/checkpoint) that a run passes on. Check `err.code`, not
 * `instanceof`: codes survive serialization into events and checkpoints, and
 * across package copies.
 */
export type WeftErrorCode =
  | CheckpointErrorCode
  | 'GRAPH_INVALID'
  | 'BRANCH_TARGET_INVALID'
  | 'INPUT_MERGE_CONFLICT'
  | 'MAX_STEPS_EXCEEDED'
  | 'NODE_FAILED'
  | 'NODE_TIMEOUT'
  | 'RUN_ABORTED'
  | 'INTERRUPT_OUTSIDE_NODE'
  | 'STORE_REQUIRED'
  | 'INTERRUPT_ALREADY_ANSWERED'
  | 'CHECKPOINT_NOT_LATEST'
  | 'STATE_CONFLICT'
  | 'REDUCER_FAILED'
  | 'UNKNOWN_INTERRUPT'
  | 'NOTHING_TO_RESUME'
  | 'INPUT_INVALID'
  | 'OUTPUT_INVALID'
  | 'RESUME_INVALID'
  | 'RUN_FAILED'
  | 'TASK_GRAPH_MISMATCH'
  | 'TASK_DISPATCH_FAILED'
  /** A migration threw, or left a thread the graph cannot run; the thread is untouched. */
  | 'MIGRATION_FAILED'
  /** The registered migrations do not chain to this graph (a gap, a cycle, two from one version). */
  | 'MIGRATION_CHAIN'
  /** The thread stays on the graph version that wrote it (`onGraphMismatch: 'pin'`): run it where that version is served. */
  | 'GRAPH_VERSION_PINNED'
  // Multitask (runtime/multitask.ts): the run was asked to stop at a step boundary (a new input with multitask
  // 'interrupt' or 'rollback'); its checkpoints stay.
  | 'RUN_STOPPED'
  /** `ctx.patched(id)` for a patch the graph does not declare (`compile({ patches })`). */
  | 'PATCH_UNDECLARED'
  // Guardrails (spec/guardrail.ts): a check said no, a check threw, a guardrail was defined wrong.
  | 'GUARDRAIL_TRIPPED'
  | 'GUARDRAIL_FAILED'
  | 'GUARDRAIL_INVALID'
  // Budgets (spec/budget.ts): a limit would be crossed, a budget was defined wrong.
  | 'BUDGET_EXCEEDED'
  | 'BUDGET_INVALID';

/**
 * @weft/common's `WeftError` (the same class: `instanceof` holds for errors
 * of every package), seen with this package's codes as its default: a
 * `WeftError` without a type argument is one of the errors above, so
 * `switch (err.code)` narrows over them. Other packages pass their own union
 * (`class AgentError extends WeftError<AgentErrorCode>`).
 */
export type WeftError<C extends string = WeftErrorCode> = CommonWeftError<C>;

interface WeftErrorConstructor extends Omit<typeof CommonWeftError, 'prototype'> {
  new <C extends string = WeftErrorCode>(code: C, message: string, options?: WeftErrorOptions): WeftError<C>;
  readonly prototype: WeftError<any>;
}

export const WeftError: WeftErrorConstructor = CommonWeftError;

/**
 * @weft/common's `isWeftError` (judged by shape, so another copy's errors
 * pass), as this package's `WeftError`: what the scheduler hands on as a run's
 * or a node's failure. An error of another package passes too; its `code` is
 * then that package's.
 */
export function isWeftError(value: unknown): value is WeftError {
  return isAnyWeftError(value);
}

/** One problem found by `compile()`. */
export interface GraphIssue {
  code:
    | 'DUPLICATE_NODE'
    | 'RESERVED_NAME'
    | 'INVALID_NODE'
    | 'UNKNOWN_SOURCE'
    | 'UNKNOWN_TARGET'
    | 'NO_ENTRY'
    | 'UNREACHABLE'
    | 'NO_PATH_TO_END'
    | 'CYCLE_WITHOUT_EXIT'
    | 'JOIN_ON_CYCLE';
  message: string;
  nodes: string[];
}

/** `compile()` reports every problem at once. */
export class GraphValidationError extends WeftError {
  override readonly name = 'GraphValidationError';
  readonly issues: readonly GraphIssue[];

  constructor(graphName: string, issues: GraphIssue[]) {
    const lines = issues.map((i) => `  - [${i.code}] ${i.message}`).join('\n');
    super('GRAPH_INVALID', `graph "${graphName}" is invalid (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines}`, {
      details: { issues },
    });
    this.issues = issues;
  }
}

/** A node threw (after its retries). `path` is the node's full path through subgraphs. */
export class NodeError extends WeftError {
  override readonly name = 'NodeError';
  readonly node: string;
  readonly path: readonly string[];

  constructor(path: readonly string[], cause: unknown, attempts: number) {
    const node = path[path.length - 1] ?? '';
    const reason = cause instanceof Error ? cause.message : String(cause);
    super('NODE_FAILED', `node "${path.join('/')}" failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`, {
      cause,
      details: { node, path: [...path], attempts },
      // The node failed for its cause's reason: a subgraph node around it must not retry what the inner node would not.
      retryable: retryableOf(cause),
    });
    this.node = node;
    this.path = path;
  }
}
