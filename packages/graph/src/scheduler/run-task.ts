import type { Patch } from 'immer';
import type { CheckpointRecord } from '../checkpoint/checkpoint-record.ts';
import type { PlanNode } from '../compiler/execution-plan.ts';
import { NodeError, WeftError, errorToJSON } from '../errors.ts';
import { GraphInterrupt } from '../interrupt/graph-interrupt.ts';
import type { InterruptRecord } from '../interrupt/interrupt-record.ts';
import { nodeScope, type NodeScope } from '../interrupt/node-scope.ts';
import { NodeState } from '../state/node-state.ts';
import { concatChunks } from './concat-chunks.ts';
import { NodeContextImpl } from './node-context-impl.ts';
import { retryDelay } from './retry-delay.ts';
import { emit, type RunScope, type Task } from './run-scope.ts';
import { sleep } from './sleep.ts';
import { withTimeout } from './with-timeout.ts';

export type TaskOutcome =
  | { kind: 'done'; output: unknown; patches: Patch[]; view: unknown }
  | { kind: 'interrupted'; interrupts: InterruptRecord[]; resume: unknown[]; sub: CheckpointRecord | undefined }
  | { kind: 'error'; error: unknown };

const NO_VALUES: readonly unknown[] = [];

/** Runs one node of a step: pre handler, the node (or subgraph), stream, post handler; retries and timeouts around it. */
export async function runTask(scope: RunScope, task: Task, step: number, base: unknown): Promise<TaskOutcome> {
  const { node } = task;
  const policy = node.options.retry;
  const maxAttempts = policy ? (policy.maxAttempts ?? 3) : 1;
  const resume = task.resume ?? NO_VALUES;
  for (let attempt = 1; ; attempt++) {
    const started = scope.hub.active ? Date.now() : 0;
    if (started) emit(scope, step, { type: 'node.start', node: node.name, input: task.input, attempt });
    const state = new NodeState(base);
    try {
      let output = invoke(scope, task, step, attempt, state, resume);
      if (isThenable(output)) output = await output;
      if (scope.hub.active)
        emit(scope, step, { type: 'node.end', node: node.name, output, durationMs: Date.now() - (started || Date.now()) });
      return { kind: 'done', output, patches: state.patches, view: state.current };
    } catch (err) {
      if (err instanceof GraphInterrupt) {
        return { kind: 'interrupted', interrupts: err.interrupts, resume: [...resume], sub: (err as Partial<SubgraphInterrupt>).record };
      }
      if (scope.signal.aborted) return { kind: 'error', error: abortError(scope) };
      if (attempt >= maxAttempts || (policy?.retryOn && !policy.retryOn(err, attempt))) {
        return { kind: 'error', error: err instanceof WeftError ? err : new NodeError([...scope.path, node.name], err, attempt) };
      }
      const delayMs = retryDelay(policy ?? {}, attempt);
      if (scope.hub.active) emit(scope, step, { type: 'node.retry', node: node.name, attempt, error: errorToJSON(err), delayMs });
      if (!(await sleep(delayMs, scope.signal))) return { kind: 'error', error: abortError(scope) };
    }
  }
}

/** A subgraph's interrupt, carrying the subgraph's checkpoint. */
class SubgraphInterrupt extends GraphInterrupt {
  constructor(
    interrupts: InterruptRecord[],
    readonly record: CheckpointRecord,
  ) {
    super(interrupts);
  }
}

/** Calls the node inside its interrupt scope; returns its output, or a promise of it when anything is asynchronous. */
function invoke(scope: RunScope, task: Task, step: number, attempt: number, state: NodeState, resume: readonly unknown[]): unknown {
  const { node } = task;
  const ns: NodeScope = { address: scope.addressPrefix + node.address, parentPath: scope.path, node: node.name, resume, calls: 0 };
  const timeoutMs = node.options.timeoutMs;
  if (timeoutMs === undefined) {
    if (scope.signal.aborted) throw abortError(scope);
    return nodeScope.run(ns, callNode, scope, task, step, attempt, state, scope.signal, ns.address);
  }
  const timed = new AbortController();
  const signal = AbortSignal.any([scope.signal, timed.signal]);
  const run = async () => nodeScope.run(ns, callNode, scope, task, step, attempt, state, signal, ns.address);
  return withTimeout(run, timeoutMs, timed, [...scope.path, node.name]);
}

function callNode(
  scope: RunScope,
  task: Task,
  step: number,
  attempt: number,
  state: NodeState,
  signal: AbortSignal,
  address: string,
): unknown {
  const { node } = task;
  const pre = node.options.pre;
  let input = task.input;
  if (pre) input = state.withDraft((draft) => pre(input, draft)) ?? input;
  const out = node.sub
    ? runSub(scope, task, input, address)
    : node.fn!(input, new NodeContextImpl(scope, node, state, step, attempt, signal));
  return isThenable(out)
    ? Promise.resolve(out).then((v) => settle(scope, node, step, state, signal, v))
    : settle(scope, node, step, state, signal, out);
}

/** Drains a stream if the node returned one, then applies the post handler. */
function settle(scope: RunScope, node: PlanNode, step: number, state: NodeState, signal: AbortSignal, out: unknown): unknown {
  if (isStream(out)) return drain(scope, node, step, out, signal).then((v) => post(node, state, v));
  return post(node, state, out);
}

function post(node: PlanNode, state: NodeState, output: unknown): unknown {
  const handler = node.options.post;
  return handler ? (state.withDraft((draft) => handler(output, draft)) ?? output) : output;
}

async function runSub(scope: RunScope, task: Task, input: unknown, address: string): Promise<unknown> {
  const inner: RunScope = { ...scope, path: [...scope.path, task.node.name], addressPrefix: `${address}/` };
  const outcome = await scope.runSubgraph(task.node.sub!, { ...task, input }, inner);
  if (outcome.status === 'done') return outcome.output;
  if (outcome.status === 'interrupted') throw new SubgraphInterrupt(outcome.interrupts, outcome.record);
  throw outcome.error;
}

async function drain(scope: RunScope, node: PlanNode, step: number, stream: AsyncIterable<unknown>, signal: AbortSignal): Promise<unknown> {
  const chunks: unknown[] = [];
  for await (const chunk of stream) {
    if (signal.aborted) throw signal.reason;
    chunks.push(chunk);
    if (scope.hub.active) emit(scope, step, { type: 'node.chunk', node: node.name, chunk });
  }
  return node.options.concat ? node.options.concat(chunks) : concatChunks(chunks);
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as PromiseLike<unknown>).then === 'function';
}

function isStream(v: unknown): v is AsyncIterable<unknown> {
  return v !== null && typeof v === 'object' && typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

function abortError(scope: RunScope): WeftError {
  const reason: unknown = scope.signal.reason;
  if (reason instanceof WeftError) return reason;
  return new WeftError(
    'RUN_ABORTED',
    'the run was cancelled through its AbortSignal; resume the thread to continue from its last checkpoint',
    { cause: reason },
  );
}
