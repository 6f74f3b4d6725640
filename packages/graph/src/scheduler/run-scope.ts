import type { CheckpointRecord, InterruptRecord } from '@weft/checkpoint';
import type { WeftErrorJSON } from '@weft/common';
import type { ExecutionPlan, PlanNode } from '../compiler/execution-plan.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { EventBody, GraphEvent } from '../events/graph-event.ts';
import type { WeftError } from '../errors.ts';
import type { TaskDispatcher } from '../dispatch/task-dispatcher.ts';
import type { BudgetLedger } from './budget-ledger.ts';

/** A node queued for a step. */
export interface Task {
  node: PlanNode;
  /** Set for tasks started by `send()`: several tasks of one node are told apart by it. */
  key?: string | undefined;
  input: unknown;
  /** Set for a task that stopped at an interrupt: the values its `interrupt()` calls got so far. */
  resume: unknown[] | undefined;
  sub: CheckpointRecord | undefined;
  /** The interrupts this task is stopped at (its own and its subgraph's). */
  interrupts: InterruptRecord[] | undefined;
  /** Set on a task whose node failed with `onError: 'stop-branch'`: it waits, parked, for the thread to be resumed. */
  failed?: WeftErrorJSON | undefined;
}

/** A task's identity within a step: the node, and the send key if any. */
export function taskId(task: { node: PlanNode; key?: string | undefined }): string {
  return task.key === undefined ? task.node.name : `${task.node.name}[${task.key}]`;
}

/** Where a task sits, for interrupt ids: the node's address, then the send key. */
export function taskAddress(scope: RunScope, task: { node: PlanNode; key?: string | undefined }): string {
  const base = scope.addressPrefix + task.node.address;
  return task.key === undefined ? base : `${base}/${task.key}`;
}

/** How a subgraph node ended. */
export type SubgraphOutcome =
  | { status: 'done'; output: unknown }
  | { status: 'interrupted'; interrupts: InterruptRecord[]; record: CheckpointRecord; refused: WeftError | undefined }
  | { status: 'error'; error: unknown };

/** What every level of a run shares; passed explicitly, never through globals. */
export interface RunScope {
  runId: string;
  threadId: string | undefined;
  /**
   * The thread's latest checkpoint this run has written or started from:
   * set by the step loop after each write, so a node reads the checkpoint
   * its step continues from. Undefined without a store.
   */
  checkpointId?: string | undefined;
  /** Subgraph nodes leading to the graph being run. */
  path: readonly string[];
  /** Prefix of interrupt addresses ('' at the top, 'outer/' inside a subgraph). */
  addressPrefix: string;
  hub: EventHub<GraphEvent>;
  signal: AbortSignal;
  context: Record<string, unknown>;
  /** The behaviour patches the thread started with (see `ctx.patched`), and those this graph declares. */
  patches: ThreadPatches;
  /** Values for `resume({ resume })`, by interrupt id, for every level. */
  resumeValues: ReadonlyMap<string, unknown>;
  /** Where the tasks of distributed nodes go (the run's own graph only: a subgraph's nodes run where it runs). */
  dispatcher: TaskDispatcher | undefined;
  /** The thread's usage and budget: one ledger for the run and every subgraph in it (`ctx.budget`). */
  budget: BudgetLedger;
  /** Injected by the run loop, so a task can run a subgraph without an import cycle. */
  runSubgraph: (plan: ExecutionPlan, task: Task, scope: RunScope) => Promise<SubgraphOutcome>;
}

/**
 * Emits an event. Call sites check `scope.hub.wants(type)` first, so that with no
 * listener not even the event body is allocated.
 */
export function emit(scope: RunScope, step: number, body: EventBody): void {
  // Fields are added to the body rather than spread into a new object (spreads of many keys are slow).
  const event = body as Record<string, unknown>;
  event['runId'] = scope.runId;
  event['threadId'] = scope.threadId;
  event['step'] = step;
  event['path'] = scope.path;
  event['ts'] = Date.now();
  scope.hub.emit(event as never);
}

/** What `ctx.patched(id)` reads: the patches the thread started with, and the ones the running graph declares. */
export interface ThreadPatches {
  readonly started: ReadonlySet<string>;
  readonly declared: ReadonlySet<string>;
}
