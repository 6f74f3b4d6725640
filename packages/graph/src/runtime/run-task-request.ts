import { errorToJSON } from '@weft/common';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import { EventHub } from '../events/event-hub.ts';
import type { GraphEvent } from '../events/graph-event.ts';
import { neverAbortingSignal } from '../scheduler/execute-step.ts';
import type { RunScope, Task } from '../scheduler/run-scope.ts';
import { runTask, type TaskOutcome } from '../scheduler/run-task.ts';
import { deepFreeze } from '../state/deep-freeze.ts';
import { BudgetLedger } from '../scheduler/budget-ledger.ts';
import { USAGE_FIELDS, type Usage } from '../spec/budget.ts';
import type { TaskEvent, TaskRequest, TaskResult } from '../dispatch/task-dispatcher.ts';

/** The fields `emit` adds to every event: the run that emits a task's events again adds its own. */
const RUN_FIELDS = ['runId', 'threadId', 'step', 'path', 'ts'] as const;

/**
 * Runs one dispatched task of `plan` here, as the run that dispatched it would
 * have: pre handler, node, stream, post handler, retries, timeout, fallback,
 * `interrupt()` with the task's answers. Its state changes come back as
 * patches and its node events as data; nothing is written to a store.
 */
export async function runTaskRequest(plan: ExecutionPlan, request: TaskRequest, signal?: AbortSignal): Promise<TaskResult> {
  const node = checkRequest(plan, request);
  const hub = new EventHub<GraphEvent>();
  const events: TaskEvent[] = [];
  hub.subscribe({
    next: (e) => {
      const body = { ...e } as Record<string, unknown>;
      for (const f of RUN_FIELDS) delete body[f];
      events.push(body as TaskEvent);
    },
    error: () => {},
    complete: () => {},
  });
  const scope: RunScope = {
    runId: request.runId,
    threadId: request.threadId,
    path: [],
    addressPrefix: '',
    hub,
    signal: signal ?? neverAbortingSignal(),
    context: request.context,
    patches: { started: new Set(request.patched ?? []), declared: new Set(plan.patches) },
    resumeValues: new Map(),
    dispatcher: undefined,
    // The run's count and budget: the task charges here, and brings what it charged back with its result.
    budget: new BudgetLedger(request.usage, request.budget),
    runSubgraph: () => Promise.reject(new WeftError('INVALID_ARGUMENT', 'a dispatched task cannot run a subgraph')),
  };
  const { task } = request;
  const local: Task = {
    node,
    key: task.key,
    input: task.input,
    resume: task.resume === undefined ? undefined : [...task.resume],
    sub: undefined,
    interrupts: undefined,
  };
  if (request.answered?.length) scope.budget.answers = new Set(request.answered);
  const outcome: TaskOutcome = await runTask(scope, local, request.step, deepFreeze(request.state));
  hub.close();
  const result = toResult(outcome, events);
  if (charged(scope.budget.added)) result.charged = { ...scope.budget.added };
  const changed = scope.budget.changedLimits;
  if (changed) result.budget = { ...changed };
  return result;
}

function charged(added: Usage): boolean {
  for (const field of USAGE_FIELDS) if (added[field]) return true;
  return added.estimated === true;
}

function toResult(o: TaskOutcome, events: TaskEvent[]): TaskResult {
  if (o.kind === 'done') return { kind: 'done', output: o.output, patches: o.patches, events };
  if (o.kind === 'interrupted')
    return { kind: 'interrupted', interrupts: o.interrupts, resume: o.resume, refused: o.refused && errorToJSON(o.refused), events };
  return { kind: 'error', error: errorToJSON(o.error), resume: o.resume, branch: o.branch === true, events };
}

function checkRequest(plan: ExecutionPlan, r: TaskRequest) {
  if (r.hash !== plan.hash)
    throw new WeftError(
      'TASK_GRAPH_MISMATCH',
      `a task of graph "${r.graph}" (structure ${r.hash}) was sent to graph "${plan.name}" (structure ${plan.hash}); run the same version of the graph on every worker`,
      { details: { graph: r.graph, hash: r.hash, here: plan.hash } },
    );
  const node = plan.byName.get(r.task.node);
  if (!node || node.index < 0)
    throw new WeftError('INVALID_ARGUMENT', `graph "${plan.name}" has no node "${r.task.node}" to run a task of`, {
      details: { node: r.task.node },
    });
  if (node.sub)
    throw new WeftError(
      'INVALID_ARGUMENT',
      `node "${node.name}" of graph "${plan.name}" is a subgraph; only function nodes are dispatched`,
    );
  return node;
}
