import type { Patch } from 'immer';
import type { WeftErrorJSON } from '@weft/common';
import type { BudgetRecord, InterruptRecord, UsageRecord } from '@weft/checkpoint';
import type { Budget, Usage } from '../spec/budget.ts';
import type { EventBody, GraphEvent } from '../events/graph-event.ts';

/** One task of a step, as it travels to the process that runs it. */
export interface DispatchedTask {
  node: string;
  /** The `send()` key, when the task was started by one. */
  key: string | undefined;
  input: unknown;
  /** The values its `interrupt()` calls get, in order (a resumed task's answers; undefined for a fresh task). */
  resume: readonly unknown[] | undefined;
}

/** What every task of one dispatched step shares. */
export interface StepBase {
  /** The graph's name and structure hash: a process running another version of the graph refuses the task. */
  graph: string;
  hash: string;
  threadId: string | undefined;
  runId: string;
  step: number;
  /**
   * The checkpoint the step's tasks start from (the run's last written one;
   * undefined without a store). With `step`, it identifies the step on the
   * thread: the same step dispatched again after a crash has the same base.
   */
  checkpointId: string | undefined;
  /** The graph's state at the step's start (read-only for the tasks). */
  state: unknown;
  context: Record<string, unknown>;
  /** The behaviour patches the thread started with (`ctx.patched`); absent: none. */
  patched?: readonly string[];
  /** The thread's usage when the step started, and its budget (`ctx.budget`); absent: nothing counted, no budget. */
  usage?: UsageRecord;
  budget?: BudgetRecord;
  /** The ids of the interrupts the run was given answers for (a budget answer among them is applied where the task runs). */
  answered?: readonly string[];
}

/** A step's distributed tasks, handed to a dispatcher in one call. */
export interface DispatchBatch extends StepBase {
  tasks: readonly DispatchedTask[];
}

/** One task to run where the dispatcher sent it: `compiled.runTask(request)`. */
export interface TaskRequest extends StepBase {
  task: DispatchedTask;
}

/** The node events a task emitted while it ran elsewhere; the run emits them again as its own. */
export type TaskEvent = EventBody<Extract<GraphEvent, { type: 'node.start' | 'node.chunk' | 'node.custom' | 'node.retry' | 'node.end' }>>;

/**
 * How a task that ran elsewhere ended: plain data (its state changes as immer
 * patches), safe to serialize. `charged`: what it counted on the thread's
 * budget there, which the run adds to its own count; `budget`: the budget,
 * when an answer to a budget interrupt changed it there.
 */
export type TaskResult = (
  | { kind: 'done'; output: unknown; patches: Patch[]; events: TaskEvent[] }
  | {
      kind: 'interrupted';
      interrupts: InterruptRecord[];
      /** The answers its `interrupt()` calls got so far. */
      resume: unknown[];
      /** Set when the resume value was refused by the interrupt's schema. */
      refused?: WeftErrorJSON | undefined;
      events: TaskEvent[];
    }
  | {
      kind: 'error';
      error: WeftErrorJSON;
      resume?: unknown[] | undefined;
      /** The node fails only its branch (`onError: 'stop-branch'`). */
      branch: boolean;
      events: TaskEvent[];
    }
) & { charged?: Usage; budget?: Budget };

/**
 * Where a run sends the tasks of its distributed nodes (`distribute` on a
 * node, or on the whole graph at compile): a queue of workers
 * (`@weft/bullmq`), or anything that can get `compiled.runTask(request)` run
 * in another process. It answers one result per task, in the batch's order.
 * The rest of the run (state, routing, checkpoints) stays where the run is.
 */
export interface TaskDispatcher {
  dispatch(batch: DispatchBatch, signal: AbortSignal): Promise<readonly TaskResult[]>;
}
