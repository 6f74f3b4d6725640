import type { CheckpointRecord, CheckpointStatus } from '../checkpoint/checkpoint-record.ts';
import type { CheckpointWriter } from '../checkpoint/checkpoint-writer.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError, errorToJSON } from '../errors.ts';
import type { RunStatus } from '../events/run-result.ts';
import type { InterruptRecord } from '../interrupt/interrupt-record.ts';
import { applyStepUpdates } from '../state/apply-step-updates.ts';
import type { Cursor } from './cursor.ts';
import { cursorToBody } from './cursor-record.ts';
import { executeStep } from './execute-step.ts';
import { fireJoins, routeOutputs } from './route-outputs.ts';
import { emit, type RunScope } from './run-scope.ts';
import type { TaskOutcome } from './run-task.ts';

export interface ExecuteOptions {
  plan: ExecutionPlan;
  scope: RunScope;
  cursor: Cursor;
  /** Absent for a run without a store, and inside subgraphs (their checkpoints live in the parent's). */
  writer: CheckpointWriter | undefined;
  input: unknown;
  resumedFrom: string | undefined;
}

export interface ExecuteOutcome {
  status: RunStatus;
  output: unknown;
  state: unknown;
  interrupts: InterruptRecord[];
  error: WeftError | undefined;
  steps: number;
  checkpointId: string | undefined;
  /** When stopped without a writer: the checkpoint to embed in the parent. */
  record: CheckpointRecord | undefined;
}

/**
 * The step loop: run the frontier, stop the step at an interrupt or error
 * (finished siblings are kept as pending results), otherwise apply state
 * updates at the barrier, route outputs, and write the checkpoint.
 */
export async function executeGraph(o: ExecuteOptions): Promise<ExecuteOutcome> {
  const { plan, scope, cursor, writer } = o;
  let steps = 0;
  let checkpointId = writer?.lastId ?? undefined;
  let current = cursor.step;
  const at = () => current;
  const finish = (status: RunStatus, extra: Partial<ExecuteOutcome> = {}): ExecuteOutcome => {
    const output = status === 'done' ? cursor.output : undefined;
    emit(scope, at(), () => ({ type: 'run.end', status, output }));
    return { status, output, state: cursor.state, interrupts: [], error: undefined, steps, checkpointId, record: undefined, ...extra };
  };
  const save = async (status: CheckpointStatus, patches: import('immer').Patch[] | null, error?: WeftError) => {
    if (!writer) return;
    const written = await writer.write(cursorToBody(cursor, status, 'step', scope.context, error && errorToJSON(error)), cursor.state, patches);
    checkpointId = written.id;
    emit(scope, at(), () => ({ type: 'checkpoint.write', checkpointId: written.id, seq: written.seq, bytes: written.bytes, snapshot: written.snapshot }));
  };
  emit(scope, at(), () => ({ type: 'run.start', graph: plan.name, input: o.input, resumedFrom: o.resumedFrom }));
  try {
    for (;;) {
      if (cursor.ended || cursor.frontier.length === 0) return finish('done');
      if (steps >= plan.maxSteps) {
        const error = new WeftError('MAX_STEPS_EXCEEDED', `graph "${plan.name}" did not reach END within ${plan.maxSteps} steps; raise maxSteps in compile(), or resume the thread to continue`, {
          details: { maxSteps: plan.maxSteps, next: cursor.frontier.map((t) => t.node.name) },
        });
        emit(scope, at(), () => ({ type: 'error', node: undefined, error: error.toJSON() }));
        return finish('error', { error });
      }
      const step = cursor.step + 1;
      current = step;
      steps++;
      const tasks = cursor.frontier;
      emit(scope, step, () => ({ type: 'step.start', nodes: tasks.map((t) => t.node.name) }));
      const outcomes = await executeStep(scope, cursor, step, plan.maxConcurrency);
      const stop = collectStop(cursor, outcomes);
      if (stop) {
        await save(stop.error ? 'error' : 'interrupted', [], stop.error);
        if (stop.interrupts.length) emit(scope, step, () => ({ type: 'interrupt', interrupts: stop.interrupts }));
        if (stop.error) emit(scope, step, () => ({ type: 'error', node: stop.node, error: stop.error!.toJSON() }));
        const record = writer ? undefined : embedded(plan, scope, cursor, stop.error ? 'error' : 'interrupted');
        return finish(stop.error ? 'error' : 'interrupted', { interrupts: stop.interrupts, error: stop.error, record });
      }
      const before = cursor.state;
      const { state, patches } = applyStepUpdates(before, outcomes as Extract<TaskOutcome, { kind: 'done' }>[]);
      const joins = new Map([...cursor.joins].map(([n, b]) => [n, { delivered: new Map(b.delivered), skipped: new Set(b.skipped) }]));
      const skips = new Map([...cursor.skips].map(([n, s]) => [n, new Set(s)]));
      cursor.state = state;
      try {
        await routeOutputs(cursor, tasks.map((t, i) => ({ node: t.node, output: (outcomes[i] as { output: unknown }).output })));
      } catch (err) {
        Object.assign(cursor, { state: before, joins, skips, frontier: tasks });
        const error = asWeftError(err);
        await save('error', [], error);
        emit(scope, step, () => ({ type: 'error', node: undefined, error: error.toJSON() }));
        return finish('error', { error });
      }
      if (patches.length) emit(scope, step, () => ({ type: 'state.patch', patches }));
      cursor.step = step;
      cursor.pending.clear();
      if (!cursor.ended && cursor.frontier.length === 0) fireJoins(cursor, cursor.frontier, true);
      await save(cursor.ended || cursor.frontier.length === 0 ? 'done' : 'running', patches);
      emit(scope, step, () => ({ type: 'step.end', nodes: tasks.map((t) => t.node.name) }));
    }
  } catch (err) {
    const error = asWeftError(err);
    emit(scope, at(), () => ({ type: 'error', node: undefined, error: error.toJSON() }));
    return finish('error', { error });
  }
}

interface Stop {
  interrupts: InterruptRecord[];
  error: WeftError | undefined;
  node: string | undefined;
}

/** Folds a step's outcomes into the cursor when the step cannot complete; undefined when it can. */
function collectStop(cursor: Cursor, outcomes: readonly TaskOutcome[]): Stop | undefined {
  if (outcomes.every((o) => o.kind === 'done')) return undefined;
  const stop: Stop = { interrupts: [], error: undefined, node: undefined };
  cursor.frontier = cursor.frontier.map((task, i) => {
    const o = outcomes[i]!;
    if (o.kind === 'done') {
      cursor.pending.set(task.node.name, { output: o.output, patches: o.patches });
      return task;
    }
    if (o.kind === 'error') {
      if (!stop.error) (stop.error = asWeftError(o.error)), (stop.node = task.node.name);
      return { ...task, resume: undefined, interrupts: undefined };
    }
    for (const i of o.interrupts) stop.interrupts.push(i);
    return { ...task, resume: o.resume, sub: o.sub, interrupts: o.interrupts };
  });
  return stop;
}

function embedded(plan: ExecutionPlan, scope: RunScope, cursor: Cursor, status: CheckpointStatus): CheckpointRecord {
  return {
    ...cursorToBody(cursor, status, 'step', {}),
    graph: plan.name, hash: plan.hash, threadId: scope.threadId ?? '', id: `${scope.runId}:${scope.path.join('/')}`,
    parentId: null, seq: 0, createdAt: Date.now(), state: { full: cursor.state },
  };
}

function asWeftError(err: unknown): WeftError {
  if (err instanceof WeftError) return err;
  return new WeftError('RUN_FAILED', `the run failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}
