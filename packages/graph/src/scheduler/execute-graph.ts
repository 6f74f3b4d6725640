import type { Patch } from 'immer';
import type { CheckpointRecord, CheckpointStatus } from '../checkpoint/checkpoint-record.ts';
import type { CheckpointWriter } from '../checkpoint/checkpoint-writer.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError, errorToJSON } from '../errors.ts';
import type { RunStatus } from '../events/run-result.ts';
import type { InterruptRecord } from '../interrupt/interrupt-record.ts';
import { applyStepUpdates } from '../state/apply-step-updates.ts';
import { asWeftError, collectStop } from './collect-stop.ts';
import type { Cursor } from './cursor.ts';
import { cursorToBody } from './cursor-record.ts';
import { executeStep } from './execute-step.ts';
import { fireJoins, routeOutputs } from './route-outputs.ts';
import { emit, type RunScope } from './run-scope.ts';

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
  const hub = scope.hub;
  let steps = 0;
  let step = cursor.step;
  let checkpointId = writer?.lastId ?? undefined;
  const finish = (status: RunStatus, extra: Partial<ExecuteOutcome> = {}): ExecuteOutcome => {
    const output = status === 'done' ? cursor.output : undefined;
    if (hub.active) emit(scope, step, { type: 'run.end', status, output });
    return { status, output, state: cursor.state, interrupts: [], error: undefined, steps, checkpointId, record: undefined, ...extra };
  };
  const fail = async (error: WeftError, node: string | undefined, save: boolean) => {
    if (save) await saveCheckpoint('error', [], error);
    if (hub.active) emit(scope, step, { type: 'error', node, error: error.toJSON() });
    return finish('error', { error });
  };
  const saveCheckpoint = (status: CheckpointStatus, patches: Patch[] | null, error?: WeftError): Promise<void> | undefined => {
    if (!writer) return undefined;
    const body = cursorToBody(cursor, status, 'step', scope.context, error && errorToJSON(error));
    const { written, stored } = writer.write(body, cursor.state, patches);
    checkpointId = written.id;
    if (!hub.active) return stored;
    return stored.then(() => {
      const { id, seq, bytes, snapshot } = written;
      emit(scope, step, { type: 'checkpoint.write', checkpointId: id, seq, bytes, snapshot });
    });
  };
  if (hub.active) emit(scope, step, { type: 'run.start', graph: plan.name, input: o.input, resumedFrom: o.resumedFrom });
  try {
    for (;;) {
      if (cursor.ended || cursor.frontier.length === 0) return finish('done');
      if (steps >= plan.maxSteps) {
        const next = cursor.frontier.map((t) => t.node.name);
        const msg = `graph "${plan.name}" did not reach END within ${plan.maxSteps} steps; raise maxSteps in compile(), or resume the thread to continue`;
        return await fail(new WeftError('MAX_STEPS_EXCEEDED', msg, { details: { maxSteps: plan.maxSteps, next } }), undefined, false);
      }
      step = cursor.step + 1;
      steps++;
      const tasks = cursor.frontier;
      if (hub.active) emit(scope, step, { type: 'step.start', nodes: tasks.map((t) => t.node.name) });
      let outcomes = executeStep(scope, cursor, step, plan.maxConcurrency);
      if (!Array.isArray(outcomes)) outcomes = await outcomes;
      const stop = collectStop(cursor, outcomes);
      if (stop) {
        const status = stop.error ? 'error' : 'interrupted';
        await saveCheckpoint(status, [], stop.error);
        if (hub.active && stop.interrupts.length) emit(scope, step, { type: 'interrupt', interrupts: stop.interrupts });
        if (stop.error) return await fail(stop.error, stop.node, false);
        return finish(status, { interrupts: stop.interrupts, record: writer ? undefined : embedded(plan, scope, cursor, status) });
      }
      const before = cursor.state;
      const { state, patches } = applyStepUpdates(before, outcomes as { patches: Patch[]; view: unknown }[]);
      // Routing may fail (a branch's bad target); keep what it changes undoable.
      const joins = cursor.joins.size
        ? new Map([...cursor.joins].map(([n, b]) => [n, { delivered: new Map(b.delivered), skipped: new Set(b.skipped) }]))
        : undefined;
      const skips = cursor.skips.size ? new Map([...cursor.skips].map(([n, s]) => [n, new Set(s)])) : undefined;
      cursor.state = state;
      try {
        const results = tasks.map((t, i) => ({ node: t.node, output: (outcomes[i] as { output: unknown }).output }));
        const routing = routeOutputs(cursor, results);
        if (routing) await routing;
      } catch (err) {
        Object.assign(cursor, { state: before, joins: joins ?? new Map(), skips: skips ?? new Map(), frontier: tasks });
        return await fail(asWeftError(err), undefined, true);
      }
      if (hub.active && patches.length) emit(scope, step, { type: 'state.patch', patches });
      cursor.step = step;
      if (cursor.pending.size) cursor.pending.clear();
      if (!cursor.ended && cursor.frontier.length === 0) fireJoins(cursor, cursor.frontier, true);
      const saving = saveCheckpoint(cursor.ended || cursor.frontier.length === 0 ? 'done' : 'running', patches);
      if (saving) await saving;
      if (hub.active) emit(scope, step, { type: 'step.end', nodes: tasks.map((t) => t.node.name) });
    }
  } catch (err) {
    return await fail(asWeftError(err), undefined, false);
  }
}

function embedded(plan: ExecutionPlan, scope: RunScope, cursor: Cursor, status: CheckpointStatus): CheckpointRecord {
  return {
    ...cursorToBody(cursor, status, 'step', {}),
    graph: plan.name,
    hash: plan.hash,
    threadId: scope.threadId ?? '',
    id: `${scope.runId}:${scope.path.join('/')}`,
    parentId: null,
    seq: 0,
    createdAt: Date.now(),
    state: { full: cursor.state },
  };
}
