import { errorFromJSON } from '@weft/common';
import { WeftError, isWeftError } from '../errors.ts';
import { emit, type RunScope, type Task } from './run-scope.ts';
import type { TaskOutcome } from './run-task.ts';
import type { DispatchBatch, TaskDispatcher, TaskResult } from '../dispatch/task-dispatcher.ts';

/** Where a step of the run stands: what identifies it to a dispatcher besides the tasks. */
export interface StepPlace {
  graph: string;
  hash: string;
  checkpointId: string | undefined;
  state: unknown;
}

/**
 * Sends tasks of one step to the run's dispatcher and turns its answers into
 * the step's outcomes, emitting each task's node events as the run's own. A
 * dispatcher that fails, or answers the wrong number of results, fails every
 * task it was given (TASK_DISPATCH_FAILED): the step's checkpoint keeps what
 * ran here, and resuming the thread dispatches them again.
 */
export async function dispatchTasks(
  scope: RunScope,
  dispatcher: TaskDispatcher,
  place: StepPlace,
  tasks: readonly Task[],
  step: number,
): Promise<TaskOutcome[]> {
  const batch: DispatchBatch = {
    graph: place.graph,
    hash: place.hash,
    threadId: scope.threadId,
    runId: scope.runId,
    step,
    checkpointId: place.checkpointId,
    state: place.state,
    context: scope.context,
    ...(scope.patches.started.size > 0 ? { patched: [...scope.patches.started] } : {}),
    ...budgetFields(scope),
    tasks: tasks.map((t) => ({ node: t.node.name, key: t.key, input: t.input, resume: t.resume })),
  };
  let results: readonly TaskResult[];
  try {
    results = await dispatcher.dispatch(batch, scope.signal);
    if (!Array.isArray(results) || results.length !== tasks.length)
      throw new Error(
        `the dispatcher answered ${Array.isArray(results) ? results.length : 'no list of'} results for ${tasks.length} tasks`,
      );
  } catch (cause) {
    const error = isWeftError(cause)
      ? cause
      : new WeftError(
          'TASK_DISPATCH_FAILED',
          `step ${step}'s distributed tasks did not run: ${(cause as Error)?.message ?? String(cause)}; resume the thread to dispatch them again`,
          { cause },
        );
    return tasks.map((t) => ({ kind: 'error', error, resume: t.resume }));
  }
  return results.map((r, i) => {
    for (const body of r.events) if (scope.hub.wants(body.type)) emit(scope, step, { ...body });
    // What the task counted where it ran joins the run's count (its running time is the run's own).
    if (r.charged) scope.budget.record({ ...r.charged, wallMs: 0 });
    if (r.budget) scope.budget.setLimits(r.budget);
    return toOutcome(r, tasks[i]!);
  });
}

/** The thread's count and budget as the step starts, for the tasks' own `ctx.budget` where they run. */
function budgetFields(scope: RunScope): Pick<DispatchBatch, 'usage' | 'budget' | 'answered'> {
  const { budget, resumeValues } = scope;
  if (!budget.active) return {};
  const usage = budget.usageRecord();
  const limits = budget.budgetRecord();
  const answered = resumeValues.size ? { answered: [...resumeValues.keys()] } : {};
  return { ...(usage ? { usage } : {}), ...(limits ? { budget: limits } : {}), ...answered };
}

function toOutcome(r: TaskResult, task: Task): TaskOutcome {
  if (r.kind === 'done') return { kind: 'done', output: r.output, patches: r.patches, view: undefined };
  if (r.kind === 'interrupted')
    return {
      kind: 'interrupted',
      interrupts: r.interrupts,
      resume: r.resume,
      sub: undefined,
      refused: r.refused && (errorFromJSON(r.refused) as WeftError),
    };
  return { kind: 'error', error: errorFromJSON(r.error), resume: r.resume ?? task.resume, branch: r.branch };
}
