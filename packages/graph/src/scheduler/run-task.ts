import type { Patch } from 'immer';
import type { CheckpointRecord, InterruptRecord } from '@weft/checkpoint';
import { errorToJSON } from '@weft/common';
import type { PlanNode } from '../compiler/execution-plan.ts';
import { NodeError, WeftError, isWeftError } from '../errors.ts';
import { GraphInterrupt } from '../interrupt/graph-interrupt.ts';
import { nodeScope, type NodeScope } from '../interrupt/node-scope.ts';
import { NodeState } from '../state/node-state.ts';
import { NodeContextImpl } from './node-context-impl.ts';
import { emit, taskAddress, type RunScope, type Task } from './run-scope.ts';
import { retryDelay, sleep, withTimeout } from './retry.ts';
import { isThenable } from './is-thenable.ts';
// Guardrails: only nodes that have them take these paths.
import { drainGuarded, guardNodeInput, guardNodeOutput } from './node-guardrails.ts';

export type TaskOutcome =
  | { kind: 'done'; output: unknown; patches: Patch[]; view: unknown }
  /** `refused`: the node (or its subgraph) was resumed with a value its interrupt's schema refused; it waits there again. */
  | {
      kind: 'interrupted';
      interrupts: InterruptRecord[];
      resume: unknown[];
      sub: CheckpointRecord | undefined;
      refused?: WeftError | undefined;
    }
  /**
   * `resume`: the values its `interrupt()` calls were given, kept so that a re-run after the failure gets them again;
   * `branch`: the node stops only its branch (`onError: 'stop-branch'`).
   */
  | { kind: 'error'; error: unknown; resume?: unknown[] | undefined; branch?: boolean };

const NO_VALUES: readonly unknown[] = [];

/**
 * Runs one node of a step: pre handler, the node (or subgraph), stream, post
 * handler, with retries and a timeout around it. Returns the outcome directly
 * when the node was synchronous, a promise of it otherwise: the step loop only
 * waits when there is something to wait for.
 */
export function runTask(scope: RunScope, task: Task, step: number, base: unknown): TaskOutcome | Promise<TaskOutcome> {
  return attempt(scope, task, step, base, 1);
}

function attempt(scope: RunScope, task: Task, step: number, base: unknown, n: number): TaskOutcome | Promise<TaskOutcome> {
  const a = new Attempt(scope, task, step, base, n);
  let out: unknown;
  try {
    out = invoke(scope, task, step, n, a.state, a.ns);
  } catch (err) {
    return a.failed(err);
  }
  return isThenable(out)
    ? Promise.resolve(out).then(
        (v) => a.done(v),
        (e: unknown) => a.failed(e),
      )
    : a.done(out);
}

/**
 * One attempt at a task: what its continuations share. Methods, not closures
 * made per call: this runs for every node, and named closures are costly
 * where a transpiler keeps function names (tsx defines each one's `name`).
 */
class Attempt {
  readonly state: NodeState;
  readonly ns: NodeScope;
  readonly #started: number;
  // With a timeout, invoke() already drained the stream and ran the post handler inside the timer.
  readonly #timed: boolean;

  constructor(
    readonly scope: RunScope,
    readonly task: Task,
    readonly step: number,
    readonly base: unknown,
    readonly n: number,
  ) {
    const { node } = task;
    const hub = scope.hub;
    this.#started = hub.wants('node.start') || hub.wants('node.end') ? Date.now() : 0;
    if (this.#started && hub.wants('node.start'))
      emit(scope, step, { type: 'node.start', node: node.name, key: task.key, input: task.input, attempt: n });
    this.state = new NodeState(base);
    this.ns = {
      address: taskAddress(scope, task),
      parentPath: scope.path,
      node: node.name,
      site: node,
      resume: task.resume ?? NO_VALUES,
      calls: 0,
    };
    this.#timed = node.options.timeoutMs !== undefined;
  }

  finish(output: unknown): TaskOutcome {
    return this.finishWith(output, this.state);
  }

  finishWith(output: unknown, state: NodeState): TaskOutcome {
    const { scope, task } = this;
    if (scope.hub.wants('node.end'))
      emit(scope, this.step, {
        type: 'node.end',
        node: task.node.name,
        key: task.key,
        output,
        durationMs: Date.now() - (this.#started || Date.now()),
      });
    return { kind: 'done', output, patches: state.patches, view: state.current };
  }

  done(output: unknown): TaskOutcome | Promise<TaskOutcome> {
    if (this.#timed || !needsSettling(this.task.node, output)) return this.finish(output);
    let settled: unknown;
    try {
      settled = nodeScope.run(this.ns, settle, this.scope, this.task, this.step, this.state, output, this.scope.signal);
    } catch (err) {
      return this.failed(err);
    }
    if (!isThenable(settled)) return this.finish(settled);
    return Promise.resolve(settled).then(
      (v) => this.finish(v),
      (e: unknown) => this.failed(e),
    );
  }

  failed(err: unknown): TaskOutcome | Promise<TaskOutcome> {
    return retryOrFail(this, err);
  }

  /** The node's failure once its retries are spent, as its `onError` asks: the run's error, a parked branch, or a fallback output. */
  giveUp(err: unknown): TaskOutcome | Promise<TaskOutcome> {
    const { scope, task } = this;
    const error = asNodeError(scope, task, err, this.n);
    const { onError, fallback } = task.node.options;
    if (!fallback) return { kind: 'error', error, resume: task.resume, branch: onError === 'stop-branch' };
    // The failed attempt's state changes are dropped: the fallback starts from the step's state.
    const state = new NodeState(this.base);
    const settle = (output: unknown): TaskOutcome => {
      const handler = task.node.options.post;
      const settled = handler ? (state.withDraft((draft) => handler(output, draft)) ?? output) : output;
      return this.finishWith(settled, state);
    };
    const fail = (e: unknown): TaskOutcome => ({ kind: 'error', error: asNodeError(scope, task, e, this.n), resume: task.resume });
    try {
      const out = fallback(error, task.input);
      return isThenable(out) ? Promise.resolve(out).then(settle, fail) : settle(out);
    } catch (e) {
      return fail(e);
    }
  }
}

const asNodeError = (scope: RunScope, task: Task, err: unknown, n: number): WeftError =>
  isWeftError(err) ? err : new NodeError([...scope.path, task.node.name], err, n);

function retryOrFail(a: Attempt, err: unknown): TaskOutcome | Promise<TaskOutcome> {
  const { scope, task, step, base, n, ns } = a;
  const { node } = task;
  if (err instanceof GraphInterrupt) {
    const sub = (err as Partial<SubgraphInterrupt>).record;
    const refused = err.refused;
    if (!refused) return { kind: 'interrupted', interrupts: err.interrupts, resume: [...ns.resume], sub };
    // The refused value is dropped: the task keeps only the answers before it, and waits for a new one.
    const resume = refused.kept === undefined ? [...ns.resume] : ns.resume.slice(0, refused.kept);
    return { kind: 'interrupted', interrupts: err.interrupts, resume, sub, refused: refused.error };
  }
  if (scope.signal.aborted) return { kind: 'error', error: abortError(scope), resume: task.resume };
  const delayMs = retryDelay(node.options.retry, err, n);
  if (delayMs === undefined) return a.giveUp(err);
  if (scope.hub.wants('node.retry'))
    emit(scope, step, { type: 'node.retry', node: node.name, key: task.key, attempt: n, error: errorToJSON(err), delayMs });
  return sleep(delayMs, scope.signal).then((slept) =>
    slept ? attempt(scope, task, step, base, n + 1) : { kind: 'error', error: abortError(scope), resume: task.resume },
  );
}

/** A subgraph's interrupt, carrying the subgraph's checkpoint. */
class SubgraphInterrupt extends GraphInterrupt {
  constructor(
    interrupts: InterruptRecord[],
    readonly record: CheckpointRecord,
    refused: WeftError | undefined,
  ) {
    super(interrupts, refused && { error: refused, kept: undefined });
  }
}

/** Calls the node inside its interrupt scope; returns its raw result (a value, a promise or a stream). */
function invoke(scope: RunScope, task: Task, step: number, n: number, state: NodeState, ns: NodeScope): unknown {
  const timeoutMs = task.node.options.timeoutMs;
  if (timeoutMs === undefined) {
    if (scope.signal.aborted) throw abortError(scope);
    return nodeScope.run(ns, callNode, scope, task, step, n, state, scope.signal, ns.address);
  }
  const timed = new AbortController();
  const signal = AbortSignal.any([scope.signal, timed.signal]);
  const run = async () => {
    const out = await nodeScope.run(ns, callNode, scope, task, step, n, state, signal, ns.address);
    return needsSettling(task.node, out) ? nodeScope.run(ns, settle, scope, task, step, state, out, signal) : out;
  };
  return withTimeout(run, timeoutMs, timed, [...scope.path, task.node.name]);
}

function callNode(scope: RunScope, task: Task, step: number, n: number, state: NodeState, signal: AbortSignal, address: string): unknown {
  const { node } = task;
  // Budgets: a limit already reached stops the node before it starts (one check of an absent budget otherwise).
  if (scope.budget.limits !== undefined) scope.budget.beforeNode();
  const pre = node.options.pre;
  let input = task.input;
  if (pre) input = state.withDraft((draft) => pre(input, draft)) ?? input;
  if (node.options.guardrails?.input?.length)
    // The continuation keeps the node's interrupt scope (an AsyncLocalStorage context follows promise callbacks).
    return guardNodeInput(scope, task, step, input, signal).then((v) => callChecked(scope, task, step, n, state, signal, address, v));
  if (node.sub) return runSub(scope, task, input, address);
  return node.fn!(input, new NodeContextImpl(scope, node, task.key, state, step, n, signal));
}

/** The node called with its input once the input guardrails passed (or rewrote) it. */
function callChecked(
  scope: RunScope,
  task: Task,
  step: number,
  n: number,
  state: NodeState,
  signal: AbortSignal,
  address: string,
  input: unknown,
): unknown {
  const { node } = task;
  if (node.sub) return runSub(scope, task, input, address);
  return node.fn!(input, new NodeContextImpl(scope, node, task.key, state, step, n, signal));
}

function needsSettling(node: PlanNode, output: unknown): boolean {
  return node.options.post !== undefined || isStream(output) || node.options.guardrails?.output !== undefined;
}

/** Drains a stream if the node returned one, then applies the post handler (inside the node's interrupt scope). */
function settle(scope: RunScope, task: Task, step: number, state: NodeState, out: unknown, signal: AbortSignal): unknown {
  if (task.node.options.guardrails?.output?.length) {
    const concat = task.node.options.concat ?? concatChunks;
    const checked = isStream(out) ? drainGuarded(scope, task, step, out, signal, concat) : guardNodeOutput(scope, task, step, out, signal);
    return checked.then((v) => post(task.node, state, v));
  }
  if (isStream(out)) return drain(scope, task, step, out, signal).then((v) => post(task.node, state, v));
  return post(task.node, state, out);
}

function post(node: PlanNode, state: NodeState, output: unknown): unknown {
  const handler = node.options.post;
  return handler ? (state.withDraft((draft) => handler(output, draft)) ?? output) : output;
}

async function runSub(scope: RunScope, task: Task, input: unknown, address: string): Promise<unknown> {
  const inner: RunScope = { ...scope, path: [...scope.path, task.node.name], addressPrefix: `${address}/`, dispatcher: undefined };
  const outcome = await scope.runSubgraph(task.node.sub!, { ...task, input }, inner);
  if (outcome.status === 'done') return outcome.output;
  if (outcome.status === 'interrupted') throw new SubgraphInterrupt(outcome.interrupts, outcome.record, outcome.refused);
  throw outcome.error;
}

async function drain(scope: RunScope, task: Task, step: number, stream: AsyncIterable<unknown>, signal: AbortSignal): Promise<unknown> {
  const { node } = task;
  const chunks: unknown[] = [];
  for await (const chunk of stream) {
    if (signal.aborted) throw signal.reason;
    chunks.push(chunk);
    if (scope.hub.wants('node.chunk')) emit(scope, step, { type: 'node.chunk', node: node.name, key: task.key, chunk });
  }
  return node.options.concat ? node.options.concat(chunks) : concatChunks(chunks);
}

function isStream(v: unknown): v is AsyncIterable<unknown> {
  return v !== null && typeof v === 'object' && typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

function abortError(scope: RunScope): WeftError {
  const reason: unknown = scope.signal.reason;
  if (isWeftError(reason)) return reason;
  return new WeftError(
    'RUN_ABORTED',
    'the run was cancelled through its AbortSignal; resume the thread to continue from its last checkpoint',
    { cause: reason },
  );
}

/** Default concatenation of a stream's chunks: strings join, arrays flatten one level, anything else stays a list. */
function concatChunks(chunks: readonly unknown[]): unknown {
  if (chunks.length > 0 && chunks.every((c) => typeof c === 'string')) return chunks.join('');
  if (chunks.length > 0 && chunks.every(Array.isArray)) return (chunks as unknown[][]).flat(1);
  if (chunks.length === 0) return '';
  return [...chunks];
}
