import type { Patch } from 'immer';
import type { CheckpointRecord, CheckpointStatus, InterruptRecord, LeaseKeeper, StopRequest } from '@weft/checkpoint';
import { errorFromJSON, errorToJSON, type WeftErrorJSON } from '@weft/common';
import type { CheckpointWriter, WrittenCheckpoint } from '../checkpoint/checkpoint-writer.ts';
import type { CheckpointPolicy } from '../compiler/compile-options.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError, isWeftError } from '../errors.ts';
import type { RunStatus } from '../events/run-result.ts';
import type { StepUsage } from '../events/graph-event.ts';
import { asWeftError, collectStop } from './collect-stop.ts';
import type { Cursor } from './cursor.ts';
import { cursorToBody } from './cursor-record.ts';
import { executeStep } from './execute-step.ts';
import { advance, type DoneOutcome } from './advance.ts';
import { isThenable } from './is-thenable.ts';
import { emit, taskId, type RunScope, type Task } from './run-scope.ts';
import type { TaskOutcome } from './run-task.ts';
import { checkOutput } from './check-output.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';

export interface ExecuteOptions {
  plan: ExecutionPlan;
  scope: RunScope;
  cursor: Cursor;
  /** Absent for a run without a store, and inside subgraphs (their checkpoints live in the parent's). */
  writer: CheckpointWriter | undefined;
  input: unknown;
  resumedFrom: string | undefined;
  /** The checkpoint written before the first step, reported right after run.start. */
  initial?: WrittenCheckpoint | undefined;
  /** The thread's lease: checked before every checkpoint write, so a run that lost it writes nothing more. */
  lease?: LeaseKeeper | undefined;
  /** 'on-exit' holds the steps' checkpoints back and writes one where the run stops. */
  checkpoints?: CheckpointPolicy;
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
  /** Interrupted inside a subgraph because a resume value was refused there (see interrupt.ts); the top level reports it as the error. */
  refused?: WeftError | undefined;
}

/**
 * The step loop: run the frontier, stop the step at an interrupt or error
 * (finished siblings are kept as pending results), otherwise apply state
 * updates at the barrier, route outputs, and write the checkpoint.
 */
export function executeGraph(o: ExecuteOptions): Promise<ExecuteOutcome> {
  return new StepLoop(o).run();
}

class StepLoop {
  readonly #o: ExecuteOptions;
  #steps = 0;
  #step: number;
  #checkpointId: string | undefined;
  /** The patches of steps not written yet ('on-exit'), oldest first; null when they cannot be replayed (a snapshot follows). */
  #held: Patch[] | null = [];
  /** Steps whose checkpoint was held back ('on-exit'). */
  #unwritten = 0;

  constructor(o: ExecuteOptions) {
    this.#o = o;
    this.#step = o.cursor.step;
    this.#checkpointId = o.writer?.lastId ?? undefined;
    if (o.writer) o.scope.checkpointId = this.#checkpointId;
  }

  async run(): Promise<ExecuteOutcome> {
    const { plan, scope } = this.#o;
    if (scope.hub.wants('run.start'))
      emit(scope, this.#step, { type: 'run.start', graph: plan.name, input: this.#o.input, resumedFrom: this.#o.resumedFrom });
    if (this.#o.initial && scope.hub.wants('checkpoint.write')) this.#emitWritten(this.#o.initial);
    let out: ExecuteOutcome;
    try {
      out = await this.#loop();
    } catch (err) {
      out = await this.#fail(asWeftError(err), undefined, false);
    }
    return this.#close(out);
  }

  async #loop(): Promise<ExecuteOutcome> {
    const { plan, cursor } = this.#o;
    for (;;) {
      if (cursor.ended || cursor.frontier.length === 0) return this.#end();
      // Asked to stop (a new input, multitask 'interrupt'/'rollback'): after the last step's checkpoint, before the next step.
      const asked = this.#o.lease?.stopRequested;
      if (asked) return this.#stopped(asked);
      if (this.#steps >= plan.maxSteps) {
        // Every step leaves its last checkpoint to continue from; 'on-exit' writes the one it held back.
        const flushed = this.#unwritten ? this.#save('running', [], undefined, true) : undefined;
        if (flushed) await flushed;
        return this.#fail(this.#maxStepsError(), undefined, false);
      }
      const stopped = await this.#runStep();
      if (stopped) return stopped;
    }
  }

  /**
   * Releases the thread's lease, then ends the event stream with run.end: whoever
   * reacts to the end may continue the thread at once. A store that could not
   * write checkpoints it held back until the release makes the run fail here.
   */
  async #close(out: ExecuteOutcome): Promise<ExecuteOutcome> {
    const { scope } = this.#o;
    const unwritten = await this.#o.lease?.release();
    if (unwritten && out.status !== 'error') {
      if (scope.hub.wants('error')) emit(scope, this.#step, { type: 'error', node: undefined, error: unwritten.toJSON() });
      out = { ...out, status: 'error', output: undefined, error: unwritten };
    }
    if (scope.hub.wants('run.end')) emit(scope, this.#step, { type: 'run.end', status: out.status, output: out.output });
    return out;
  }

  /** What branch routes publish (`at.emit`): custom events of the routed tasks, at the barrier, when someone listens. */
  readonly #publish = (node: string, key: string | undefined, channel: string, data: unknown): void => {
    const { scope } = this.#o;
    if (scope.hub.wants('node.custom')) emit(scope, this.#step, { type: 'node.custom', node, key, channel, data });
  };

  /** Where the step about to run stands, for a dispatcher: the checkpoint it starts from, and the state. */
  readonly #place = () => {
    const { plan, cursor, writer } = this.#o;
    return { graph: plan.name, hash: plan.hash, checkpointId: writer?.lastId ?? undefined, state: cursor.state };
  };

  /** One step; returns the run's outcome when the step ends the run early. */
  async #runStep(): Promise<ExecuteOutcome | undefined> {
    const { plan, scope, cursor, writer } = this.#o;
    const step = (this.#step = cursor.step + 1);
    this.#steps++;
    if (scope.hub.wants('step.start')) emit(scope, step, { type: 'step.start', nodes: cursor.frontier.map((t) => t.node.name) });
    let outcomes = executeStep(scope, cursor, step, plan.maxConcurrency, scope.dispatcher && this.#place);
    if (!Array.isArray(outcomes)) outcomes = await outcomes;
    for (const o of outcomes) if (o.kind === 'error' && o.branch) outcomes = this.#park(outcomes);
    const tasks = cursor.frontier;
    const stop = collectStop(cursor, outcomes);
    if (stop) {
      const status = stop.error ? 'error' : 'interrupted';
      // A refused resume value leaves the thread interrupted (the checkpoint says so, with the refusal as its error).
      await this.#save(status, [], stop.error ?? stop.refused);
      if (stop.interrupts.length && scope.hub.wants('interrupt')) emit(scope, step, { type: 'interrupt', interrupts: stop.interrupts });
      if (stop.error) return this.#fail(stop.error, stop.node, false);
      // The run itself failed: it was asked to continue with a value that does not fit. A subgraph passes it up.
      if (stop.refused && scope.path.length === 0) return this.#fail(stop.refused, undefined, false);
      const record = writer ? undefined : embedded(plan, scope, cursor, status);
      return this.#finish(status, { interrupts: stop.interrupts, record, refused: stop.refused });
    }
    const done = outcomes as DoneOutcome[];
    let barrier;
    try {
      barrier = advance(plan, cursor, tasks, done);
      if (isThenable(barrier)) barrier = await barrier;
    } catch (err) {
      // Nothing of this step is written: the last checkpoint stays, and resuming runs the step again.
      return this.#fail(asWeftError(err), undefined, false);
    }
    if (barrier.published) for (const p of barrier.published) this.#publish(p.node, p.key, p.channel, p.data);
    if (barrier.kind === 'undeliverable') return this.#undeliverable(tasks, done, barrier.error);
    const { next, patches } = barrier;
    // The cursor object stays (the run reads its state through it); it takes what the barrier changed.
    cursor.state = next.state;
    cursor.frontier = next.frontier;
    cursor.joins = next.joins;
    cursor.skips = next.skips;
    cursor.ended = next.ended;
    cursor.output = next.output;
    const over = cursor.ended || cursor.frontier.length === 0;
    const parked = cursor.parked[0]?.failed;
    if (patches.length && scope.hub.wants('state.patch')) emit(scope, step, { type: 'state.patch', patches });
    cursor.step = step;
    if (cursor.pending.size) cursor.pending.clear();
    const saving = over && parked ? this.#save('error', patches, parked) : this.#save(over ? 'done' : 'running', patches);
    if (saving) await saving;
    if (scope.hub.wants('step.end')) this.#emitStepEnd(step, tasks);
    return undefined;
  }

  /**
   * The step's nodes all finished but their outputs could not be delivered (a
   * branch's bad target, an output the output schema refuses): the cursor is
   * still where the step started (the barrier changed only its own copy); it
   * keeps the results as pending, so a resume only routes them again, and the
   * run fails with an 'error' checkpoint.
   */
  #undeliverable(tasks: readonly Task[], done: readonly DoneOutcome[], error: WeftError): Promise<ExecuteOutcome> {
    const { cursor } = this.#o;
    tasks.forEach((t, i) =>
      cursor.pending.set(taskId(t), { node: t.node.name, key: t.key, output: done[i]!.output, patches: done[i]!.patches }),
    );
    return this.#fail(error, undefined, true);
  }

  #save(status: CheckpointStatus, patches: Patch[] | null, error?: WeftError | WeftErrorJSON, flush = false): Promise<void> | undefined {
    const { scope, cursor, writer } = this.#o;
    if (!writer) return undefined;
    this.#o.lease?.check();
    if (this.#o.checkpoints === 'on-exit') {
      // Steps' patches chain: the next checkpoint written carries them all, relative to the last one written.
      const held = this.#held;
      if (held !== null && patches !== null) for (const p of patches) held.push(p);
      else this.#held = null;
      if (status === 'running' && !flush) {
        this.#unwritten++;
        return undefined;
      }
      patches = this.#held;
      this.#held = [];
      this.#unwritten = 0;
    }
    const body = cursorToBody(cursor, status, 'step', scope.context, error && (isWeftError(error) ? errorToJSON(error) : error));
    if (scope.budget.active) [body.usage, body.budget] = [scope.budget.usageRecord(), scope.budget.budgetRecord()];
    const { written, stored } = writer.write(body, cursor.state, patches);
    this.#checkpointId = written.id;
    scope.checkpointId = written.id;
    if (!scope.hub.wants('checkpoint.write')) return stored;
    if (stored) return stored.then(() => this.#emitWritten(written));
    this.#emitWritten(written);
    return undefined;
  }

  #emitStepEnd(step: number, tasks: readonly Task[]): void {
    const { budget } = this.#o.scope;
    const nodes = tasks.map((t) => t.node.name);
    if (!budget.active) return emit(this.#o.scope, step, { type: 'step.end', nodes });
    const usage: StepUsage = { used: { ...budget.used } };
    if (budget.limits) [usage.budget, usage.remaining] = [{ ...budget.limits }, budget.remaining];
    emit(this.#o.scope, step, { type: 'step.end', nodes, usage });
  }

  #emitWritten({ id, seq, bytes, snapshot }: WrittenCheckpoint): void {
    emit(this.#o.scope, this.#step, { type: 'checkpoint.write', checkpointId: id, seq, bytes, snapshot });
  }

  async #fail(error: WeftError, node: string | undefined, save: boolean): Promise<ExecuteOutcome> {
    if (save) await this.#save('error', [], error);
    if (this.#o.scope.hub.wants('error')) emit(this.#o.scope, this.#step, { type: 'error', node, error: error.toJSON() });
    return this.#finish('error', { error });
  }

  /**
   * Takes the tasks whose branch failed (`onError: 'stop-branch'`) out of the
   * step: they wait in `cursor.parked`, each with its error (reported now, as
   * it happens), and the step goes on with the others' outcomes.
   */
  #park(outcomes: TaskOutcome[]): TaskOutcome[] {
    const { scope, cursor } = this.#o;
    const kept: TaskOutcome[] = [];
    const frontier: Task[] = [];
    cursor.frontier.forEach((task, i) => {
      const o = outcomes[i]!;
      if (o.kind !== 'error' || !o.branch) return void (kept.push(o), frontier.push(task));
      const error = asWeftError(o.error);
      cursor.parked.push({ ...task, resume: o.resume?.length ? o.resume : undefined, interrupts: undefined, failed: error.toJSON() });
      if (scope.hub.wants('error')) emit(scope, this.#step, { type: 'error', node: task.node.name, error: error.toJSON() });
    });
    cursor.frontier = frontier;
    return kept;
  }

  /** Nothing left to run: done, or — when branches stopped at failures — an error that names the first of them. */
  #end(): ExecuteOutcome | Promise<ExecuteOutcome> {
    const first = this.#o.cursor.parked[0];
    if (first?.failed) return this.#finish('error', { error: errorFromJSON(first.failed) as WeftError });
    // No step ran (START leads straight to END): the output was not checked on its way.
    const schema = this.#o.plan.outputSchema;
    if (this.#steps === 0 && schema) return this.#checkedEnd(schema);
    return this.#finish('done');
  }

  async #checkedEnd(schema: StandardSchemaV1): Promise<ExecuteOutcome> {
    const refused = await this.#checkOutput(schema);
    return refused ? this.#fail(refused, undefined, true) : this.#finish('done');
  }

  /** Checks what END received; the run's output becomes the schema's output. Returns the error when it is refused. */
  async #checkOutput(schema: StandardSchemaV1): Promise<WeftError | undefined> {
    const { plan, cursor } = this.#o;
    const checked = await checkOutput(plan, schema, cursor.output);
    if (!checked.ok) return checked.error;
    cursor.output = checked.value;
    return undefined;
  }

  #finish(status: RunStatus, extra: Partial<ExecuteOutcome> = {}): ExecuteOutcome {
    const { cursor } = this.#o;
    const output = status === 'done' ? cursor.output : undefined;
    const base = {
      status,
      output,
      state: cursor.state,
      interrupts: [],
      error: undefined,
      steps: this.#steps,
      checkpointId: this.#checkpointId,
      record: undefined,
    };
    return { ...base, ...extra };
  }

  /**
   * Ends a run someone asked to stop: RUN_STOPPED, written as its last
   * checkpoint ('error', with the steps it would have run next), so the
   * thread can be resumed or forked like any failed run. The step before
   * finished: its nodes and tool calls ran to their end and are in the
   * checkpoint, so nothing of it runs again.
   */
  #stopped({ by, reason }: StopRequest): Promise<ExecuteOutcome> {
    const msg = `the run was stopped before step ${this.#o.cursor.step + 1}: ${by} asked (${reason}); its checkpoints stay, and resume() continues it`;
    return this.#fail(new WeftError('RUN_STOPPED', msg, { details: { by, reason } }), undefined, true);
  }

  #maxStepsError(): WeftError {
    const { plan, cursor } = this.#o;
    const next = cursor.frontier.map((t) => t.node.name);
    const msg = `graph "${plan.name}" did not reach END within ${plan.maxSteps} steps; raise maxSteps in compile(), or resume the thread to continue`;
    return new WeftError('MAX_STEPS_EXCEEDED', msg, { details: { maxSteps: plan.maxSteps, next } });
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

/** A parked failure as the run's error (its JSON is what the checkpoint keeps). */
