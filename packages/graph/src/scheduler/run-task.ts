import type { Patch } from 'immer';
import type { NodeContext } from '../builder/node-context.ts';
import type { CheckpointRecord } from '../checkpoint/checkpoint-record.ts';
import type { PlanNode } from '../compiler/execution-plan.ts';
import { NodeError, WeftError, errorToJSON } from '../errors.ts';
import { GraphInterrupt } from '../interrupt/graph-interrupt.ts';
import type { InterruptRecord } from '../interrupt/interrupt-record.ts';
import { nodeScope, type NodeScope } from '../interrupt/node-scope.ts';
import { NodeState } from '../state/node-state.ts';
import { concatChunks } from './concat-chunks.ts';
import { retryDelay } from './retry-delay.ts';
import { emit, type RunScope, type Task } from './run-scope.ts';
import { withTimeout } from './with-timeout.ts';

export type TaskOutcome =
  | { kind: 'done'; output: unknown; patches: Patch[]; view: unknown }
  | { kind: 'interrupted'; interrupts: InterruptRecord[]; resume: unknown[]; sub: CheckpointRecord | undefined }
  | { kind: 'error'; error: unknown };

/** Runs one node of a step: pre handler, the node (or subgraph), stream, post handler; retries and timeouts around it. */
export async function runTask(scope: RunScope, task: Task, step: number, base: unknown): Promise<TaskOutcome> {
  const { node } = task;
  const maxAttempts = node.options.retry ? (node.options.retry.maxAttempts ?? 3) : 1;
  const resume = task.resume ? [...task.resume] : [];
  for (let attempt = 1; ; attempt++) {
    emit(scope, step, () => ({ type: 'node.start', node: node.name, input: task.input, attempt }));
    const started = Date.now();
    const state = new NodeState(base);
    try {
      const output = await attemptNode(scope, task, step, attempt, state, resume);
      emit(scope, step, () => ({ type: 'node.end', node: node.name, output, durationMs: Date.now() - started }));
      return { kind: 'done', output, patches: state.patches, view: state.current };
    } catch (err) {
      if (err instanceof GraphInterrupt) return { kind: 'interrupted', interrupts: err.interrupts, resume, sub: (err as SubgraphInterrupt).record };
      if (scope.signal.aborted) return { kind: 'error', error: abortError(scope) };
      const policy = node.options.retry;
      if (attempt >= maxAttempts || (policy?.retryOn && !policy.retryOn(err, attempt))) {
        return { kind: 'error', error: err instanceof WeftError ? err : new NodeError([...scope.path, node.name], err, attempt) };
      }
      const delayMs = retryDelay(policy ?? {}, attempt);
      emit(scope, step, () => ({ type: 'node.retry', node: node.name, attempt, error: errorToJSON(err), delayMs }));
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

async function attemptNode(scope: RunScope, task: Task, step: number, attempt: number, state: NodeState, resume: unknown[]): Promise<unknown> {
  const { node } = task;
  const { timeoutMs, pre, post } = node.options;
  const timed = timeoutMs === undefined ? undefined : new AbortController();
  const signal = timed ? AbortSignal.any([scope.signal, timed.signal]) : scope.signal;
  const address = scope.addressPrefix + node.address;
  const ns: NodeScope = { address, path: [...scope.path, node.name], resume, calls: 0 };
  const ctx = nodeContext(scope, node, step, attempt, state, signal, ns.path);
  const body = async (): Promise<unknown> => {
    let input = task.input;
    if (pre) input = state.withDraft((draft) => pre(input, draft)) ?? input;
    let output = node.sub ? await runSub(scope, task, input, address) : await node.fn!(input, ctx);
    if (isStream(output)) output = await drain(scope, node, step, output, signal);
    if (post) output = state.withDraft((draft) => post(output, draft)) ?? output;
    return output;
  };
  const run = () => nodeScope.run(ns, body);
  if (timed) return withTimeout(run, timeoutMs!, timed, [...scope.path, node.name]);
  if (scope.signal.aborted) throw abortError(scope);
  return run();
}

async function runSub(scope: RunScope, task: Task, input: unknown, address: string): Promise<unknown> {
  const inner: RunScope = { ...scope, path: [...scope.path, task.node.name], addressPrefix: `${address}/` };
  const outcome = await scope.runSubgraph(task.node.sub!, { ...task, input }, inner);
  if (outcome.status === 'done') return outcome.output;
  if (outcome.status === 'interrupted') throw new SubgraphInterrupt(outcome.interrupts, outcome.record);
  throw outcome.error;
}

function nodeContext(scope: RunScope, node: PlanNode, step: number, attempt: number, state: NodeState, signal: AbortSignal, path: string[]): NodeContext<any> {
  return {
    get state() {
      return state.current;
    },
    update: (recipe) => void state.update(recipe),
    emit: (data) => emit(scope, step, () => ({ type: 'node.custom', node: node.name, data })),
    signal, path, node: node.name, step, attempt,
    runId: scope.runId, threadId: scope.threadId, context: scope.context,
  };
}

function isStream(v: unknown): v is AsyncIterable<unknown> {
  return v !== null && typeof v === 'object' && typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

async function drain(scope: RunScope, node: PlanNode, step: number, stream: AsyncIterable<unknown>, signal: AbortSignal): Promise<unknown> {
  const chunks: unknown[] = [];
  for await (const chunk of stream) {
    if (signal.aborted) throw signal.reason;
    chunks.push(chunk);
    emit(scope, step, () => ({ type: 'node.chunk', node: node.name, chunk }));
  }
  return node.options.concat ? node.options.concat(chunks) : concatChunks(chunks);
}

function abortError(scope: RunScope): WeftError {
  const reason = scope.signal.reason;
  if (reason instanceof WeftError) return reason;
  return new WeftError('RUN_ABORTED', 'the run was cancelled through its AbortSignal; resume the thread to continue from its last checkpoint', { cause: reason });
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
