import { type CheckpointRecord, type CheckpointStore, checkThreadId } from '@weft/checkpoint';
import { checkBudget } from '../spec/budget.ts';
import { checkpointView, type CheckpointView } from '../checkpoint/checkpoint-view.ts';
import { loadCheckpoint } from '../checkpoint/load-checkpoint.ts';
import { pruneThread, type PruneOptions, type PruneResult } from '../checkpoint/prune-thread.ts';
import { WeftError } from '../errors.ts';
import { checkpointPolicyProblem } from '../compiler/compile-options.ts';
import { RunLogWriter } from '../events/run-log.ts';
import type { Run } from '../events/run.ts';
import { prepareFresh, type RunOptions } from './prepare-fresh.ts';
import { prepareResume, type ResumeOptions } from './prepare-resume.ts';
import { startRun } from './start-run.ts';
import { multitaskProblem } from './multitask.ts';
import type { IRGraph } from '../compiler/build-ir.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { GraphJSON } from '../compiler/graph-json.ts';
import { runTaskRequest } from './run-task-request.ts';
import { checkThread } from '../versions/check-thread.ts';
import type { MigrationCheck } from '../versions/migration-check.ts';
import { migrateThread, type MigrateThreadOptions, type MigrationResult } from '../versions/migrate-thread.ts';
import { instrumentationProblem } from '../instrument/instrumentation.ts';
import type { TaskRequest, TaskResult } from '../dispatch/task-dispatcher.ts';

// Set by CompiledGraph's static block: the one way into its private plan (see planOf).
let readPlan: (graph: AnyCompiledGraph) => ExecutionPlan;

/**
 * An immutable, validated graph: run it, resume it, read its history, export
 * its IR. `In` is what its first nodes get, `RunIn` what `run()` takes: the
 * same type unless the graph's input schema transforms.
 */
export class CompiledGraph<In = unknown, Out = unknown, S = unknown, RunIn = In> {
  /** The scheduler's form: private, so hosts depend on the accessors below and the engine can change it. */
  readonly #plan: ExecutionPlan;
  /** The IR as a graphology graph (read it, do not change it). */
  readonly ir: IRGraph;
  readonly #json: GraphJSON;
  readonly #store: CheckpointStore | undefined;

  static {
    readPlan = (graph) => graph.#plan;
  }

  /** `store`: where runs keep checkpoints; the plan itself knows no store, so `withStore()` shares it. */
  constructor(plan: ExecutionPlan, ir: IRGraph, json: GraphJSON, store: CheckpointStore | undefined) {
    this.#plan = plan;
    this.ir = ir;
    this.#json = json;
    this.#store = store;
  }

  get name(): string {
    return this.#plan.name;
  }

  /** A stable hash of the structure; checkpoints record it, and a thread another structure wrote is judged before it continues (see checkThread). */
  get hash(): string {
    return this.#plan.hash;
  }

  /** The label given to `compile({ version })`, if any. */
  get version(): string | undefined {
    return this.#plan.version;
  }

  /**
   * Whether this graph can continue a stored thread, whatever version of it
   * wrote the thread: `current`, `compatible`, `needs-migration` (with the
   * migrations that apply) or `blocked` (with the reasons). Reads only.
   *
   * @example
   * const check = await refunds.checkThread('t-42');
   * if (check.status === 'blocked') console.log(check.reasons);
   */
  checkThread(threadId: string): Promise<MigrationCheck> {
    return checkThread(this.#requireStore(), this.#plan, threadId);
  }

  /**
   * Applies the registered migrations to a thread now, under its lease (see
   * `migration()`); `dryRun` checks them without writing.
   *
   * @example
   * const result = await refunds.migrateThread('t-42');
   * if (result.outcome === 'migrated') console.log('new head', result.checkpointId);
   */
  migrateThread(threadId: string, options: MigrateThreadOptions = {}): Promise<MigrationResult> {
    return migrateThread(this.#requireStore(), this.#plan, threadId, options);
  }

  /** Where this graph keeps its checkpoints (`compile({ store })` or `withStore()`); undefined when it keeps none. */
  get store(): CheckpointStore | undefined {
    return this.#store;
  }

  /**
   * The nodes whose tasks a run hands to its dispatcher (NodeOptions.distribute),
   * in definition order: a host that runs such a graph needs workers for them.
   */
  get distributedNodes(): readonly string[] {
    return this.#plan.nodes.filter((n) => n.distributed).map((n) => n.name);
  }

  toJSON(): GraphJSON {
    return structuredClone(this.#json);
  }

  /**
   * Runs the graph from START. With an input schema the input is checked
   * first: a value it refuses rejects the run (INPUT_INVALID) before anything
   * is written, and nodes get the schema's output.
   */
  run(input: RunIn, options: RunOptions = {}): Run<Out, S> {
    checkRunOptions(this.name, options);
    return startRun<Out, S>(
      this.#plan,
      { signal: options.signal, dispatcher: options.dispatcher, instrumentation: options.instrumentation },
      (runId) => prepareFresh(this.#plan, this.#store, input, options, runId),
      this.#log(options.record),
    );
  }

  /** Continues a thread: at its pending interrupts, after an error or crash, or (with goto/update) from any checkpoint, as a fork. */
  resume(options: ResumeOptions<S>): Run<Out, S> {
    const record = typeof options?.record === 'string' && options.record ? options.record : undefined;
    const controls = { signal: options?.signal, dispatcher: options?.dispatcher, instrumentation: options?.instrumentation };
    return startRun<Out, S>(this.#plan, controls, (runId) => prepareResume(this.#plan, this.#store, options, runId), this.#log(record));
  }

  /**
   * Runs one task that a run's dispatcher sent here (the worker side of
   * distributed steps, see NodeOptions.distribute): the node as the run would
   * have run it, from the request's input and state. Refuses a request for
   * another structure of the graph (TASK_GRAPH_MISMATCH).
   */
  runTask(request: TaskRequest, options: { signal?: AbortSignal } = {}): Promise<TaskResult> {
    return runTaskRequest(this.#plan, request, options.signal);
  }

  /**
   * The same graph with checkpoints in `store` (it shares everything else):
   * how a tool that loads someone's compiled graph picks where runs are kept.
   */
  withStore(store: CheckpointStore): CompiledGraph<In, Out, S, RunIn> {
    if (!isStore(store))
      throw new WeftError(
        'INVALID_ARGUMENT',
        `withStore() of graph "${this.name}" takes a CheckpointStore (put, get, list, delete, threads, and the thread lease: claimThread, renewThread, releaseThread, threadLease)`,
      );
    return new CompiledGraph<In, Out, S, RunIn>(this.#plan, this.ir, this.#json, store);
  }

  /** The thread's checkpoints, newest first, each with its rebuilt state. */
  async *history(threadId: string, options: { limit?: number } = {}): AsyncGenerator<CheckpointView<S>> {
    checkThreadId(threadId, 'history()');
    const store = this.#requireStore();
    const cache = new Map<string, CheckpointRecord>();
    let beforeSeq: number | undefined;
    let left = options.limit ?? Infinity;
    let first = true;
    while (left > 0) {
      const page = await store.list(threadId, { limit: Math.min(left, 100), ...(beforeSeq === undefined ? {} : { beforeSeq }) });
      if (first && page.length === 0)
        throw new WeftError('THREAD_NOT_FOUND', `thread "${threadId}" has no checkpoints`, { details: { threadId } });
      first = false;
      if (page.length === 0) return;
      for (const entry of page) {
        yield checkpointView<S>(await loadCheckpoint(store, this.#plan, threadId, entry.id, cache, true));
        left--;
        beforeSeq = entry.seq;
      }
    }
  }

  /** One checkpoint (default: the thread's latest) with its state. */
  async getState(threadId: string, checkpointId?: string): Promise<CheckpointView<S>> {
    checkThreadId(threadId, 'getState()');
    return checkpointView<S>(await loadCheckpoint(this.#requireStore(), this.#plan, threadId, checkpointId, undefined, true));
  }

  /**
   * Deletes old checkpoints of a thread: keeps the newest `keepLast` (default
   * 10), every interrupted one, those `keep` returns true for, unreadable ones,
   * and every checkpoint a kept one needs to load (its delta chain back to a
   * full snapshot). Every kept checkpoint still loads and resumes. It holds the
   * thread's lease while it works: a thread being run is refused (THREAD_BUSY),
   * and no run or fork can start on the thread until pruning is done.
   */
  async prune(threadId: string, options: PruneOptions = {}): Promise<PruneResult> {
    checkThreadId(threadId, 'prune()');
    return pruneThread(this.#requireStore(), this.#plan, threadId, options);
  }

  #log(record: string | undefined): (() => RunLogWriter) | undefined {
    return record === undefined ? undefined : () => RunLogWriter.open(record, this.toJSON());
  }

  #requireStore(): CheckpointStore {
    const store = this.#store;
    if (!store)
      throw new WeftError(
        'STORE_REQUIRED',
        `graph "${this.name}" was compiled without a store; pass compile({ store }) to keep checkpoints`,
      );
    return store;
  }
}

/** Any compiled graph, whatever its types: what a host that runs graphs it did not build takes. */
export type AnyCompiledGraph = CompiledGraph<any, any, any, any>;

/** @internal The plan of a compiled graph, for the engine's own layers (a subgraph node runs its plan). */
export function planOf(graph: AnyCompiledGraph): ExecutionPlan {
  return readPlan(graph);
}

function checkRunOptions(name: string, o: RunOptions): void {
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `run() of graph "${name}": ${msg}`);
  if (o === null || typeof o !== 'object') throw bad('options must be an object');
  if (o.threadId !== undefined) checkThreadId(o.threadId, `run() of graph "${name}"`);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) throw bad('signal must be an AbortSignal');
  if (o.context !== undefined && (o.context === null || typeof o.context !== 'object' || Array.isArray(o.context)))
    throw bad('context must be an object');
  if (o.holder !== undefined && (typeof o.holder !== 'string' || !o.holder)) throw bad('holder must be a non-empty string');
  if (o.takeOver !== undefined && typeof o.takeOver !== 'boolean') throw bad('takeOver must be a boolean');
  const multitask = multitaskProblem(o);
  if (multitask) throw bad(multitask);
  const policy = checkpointPolicyProblem(o.checkpoints);
  if (policy) throw bad(policy);
  if (o.record !== undefined && (typeof o.record !== 'string' || !o.record)) throw bad('record must be a file path');
  if (o.dispatcher !== undefined && typeof (o.dispatcher as { dispatch?: unknown } | null)?.dispatch !== 'function')
    throw bad('dispatcher must have a dispatch(batch, signal) method');
  const problem = instrumentationProblem(o.instrumentation);
  if (problem) throw bad(problem);
  checkBudget(o.budget, `run() of graph "${name}"`);
}

function isStore(s: unknown): s is CheckpointStore {
  const methods = ['put', 'get', 'list', 'delete', 'threads', 'claimThread', 'renewThread', 'releaseThread', 'threadLease'] as const;
  return s !== null && typeof s === 'object' && methods.every((m) => typeof (s as Record<string, unknown>)[m] === 'function');
}
