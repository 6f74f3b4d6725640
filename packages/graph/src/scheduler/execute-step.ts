import type { Cursor } from './cursor.ts';
import { runTask, type TaskOutcome } from './run-task.ts';
import { taskAddress, taskId, type RunScope, type Task } from './run-scope.ts';
import { WeftError } from '../errors.ts';
import { isThenable } from './is-thenable.ts';
import { dispatchTasks, type StepPlace } from './dispatch-tasks.ts';

/**
 * Runs the frontier's tasks concurrently (up to `limit` at once) and returns
 * their outcomes in frontier order. Tasks that already finished (restored
 * pending results) are not run again; a task stopped at an interrupt that the
 * resume does not target stays stopped without running. On cancellation the
 * step ends at once; tasks still running count as aborted. With a dispatcher,
 * the tasks of distributed nodes go to it in one batch (`place` says where
 * the step stands), beside the tasks that run here.
 */
export function executeStep(
  scope: RunScope,
  cursor: Cursor,
  step: number,
  limit: number,
  place?: () => StepPlace,
): TaskOutcome[] | Promise<TaskOutcome[]> {
  const tasks = cursor.frontier;
  const abortable = !isNeverAborting(scope.signal);
  const dispatcher = place && scope.dispatcher;
  // The common case — one fresh task, nothing restored, no cancellation — without any bookkeeping.
  const only = tasks.length === 1 ? tasks[0]! : undefined;
  if (only && !abortable && cursor.pending.size === 0 && !only.interrupts && !(dispatcher && only.node.distributed)) {
    const o = runTask(scope, only, step, cursor.state);
    return isThenable(o) ? o.then((x) => [x]) : [o];
  }
  const outcomes: (TaskOutcome | undefined)[] = new Array(tasks.length);
  const toRun: number[] = [];
  const remote: number[] = [];
  tasks.forEach((task, i) => {
    const done = cursor.pending.get(taskId(task));
    if (done) outcomes[i] = { kind: 'done', output: done.output, patches: done.patches, view: undefined };
    else if (task.interrupts && !task.interrupts.some((it) => scope.resumeValues.has(it.id))) {
      outcomes[i] = { kind: 'interrupted', interrupts: task.interrupts, resume: task.resume ?? [], sub: task.sub };
    } else if (dispatcher && task.node.distributed) remote.push(i);
    else toRun.push(i);
  });
  const start = (i: number): unknown => {
    const o = runTask(scope, withResumeValue(scope, tasks[i]!), step, cursor.state);
    if (isThenable(o)) return o.then((x) => (outcomes[i] = x));
    outcomes[i] = o;
    return undefined;
  };
  let all: Promise<unknown>;
  if (toRun.length <= limit) all = Promise.all(toRun.map(start));
  else all = pool(toRun, limit, start);
  if (remote.length) {
    const sent = remote.map((i) => withResumeValue(scope, tasks[i]!));
    const away = dispatchTasks(scope, dispatcher!, place!(), sent, step).then((results) =>
      results.forEach((o, j) => (outcomes[remote[j]!] = o)),
    );
    all = Promise.all([all, away]);
  }
  return (abortable ? raceAbort(all, scope.signal) : all).then(() => {
    let settled = 0;
    for (let i = 0; i < outcomes.length; i++) if (outcomes[i] !== undefined) settled++;
    if (settled === tasks.length) return outcomes as TaskOutcome[];
    const aborted = new WeftError(
      'RUN_ABORTED',
      'the run was cancelled through its AbortSignal; resume the thread to continue from its last checkpoint',
      {
        cause: scope.signal.reason,
      },
    );
    return Array.from(
      outcomes,
      (o, i): TaskOutcome => o ?? { kind: 'error', error: aborted, resume: withResumeValue(scope, tasks[i]!).resume },
    );
  });
}

/** A restored interrupted task picks up the value for its next `interrupt()` call, if the resume gave one. */
function withResumeValue(scope: RunScope, task: Task): Task {
  if (!task.resume) return task;
  const id = `${taskAddress(scope, task)}#${task.resume.length}`;
  return scope.resumeValues.has(id) ? { ...task, resume: [...task.resume, scope.resumeValues.get(id)] } : task;
}

async function pool(indexes: number[], limit: number, start: (i: number) => unknown): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) await start(indexes[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, indexes.length) }, worker));
}

const never = new AbortController().signal;
export function neverAbortingSignal(): AbortSignal {
  return never;
}
function isNeverAborting(signal: AbortSignal): boolean {
  return signal === never;
}

function raceAbort(work: Promise<unknown>, signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      () => (signal.removeEventListener('abort', onAbort), resolve(undefined)),
      () => (signal.removeEventListener('abort', onAbort), resolve(undefined)),
    );
  });
}
