import type { Draft, Patch } from 'immer';
import { type CheckpointRecord, type CheckpointStore, checkThreadId, type LeaseKeeper } from '@weft/checkpoint';
import type { TaskDispatcher } from '../dispatch/task-dispatcher.ts';
import type { Instrumentation } from '../instrument/instrumentation.ts';
import { instrumentationProblem } from '../instrument/instrumentation.ts';
import { CheckpointWriter } from '../checkpoint/checkpoint-writer.ts';
import { recallHead } from '../checkpoint/head-cache.ts';
import { answeredEarlier } from '../checkpoint/answered-earlier.ts';
import { loadCheckpoint, loadRememberedHead } from '../checkpoint/load-checkpoint.ts';
import { checkpointPolicyProblem, type CheckpointPolicy } from '../compiler/compile-options.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import { checkResumeValues } from '../scheduler/check-resume-values.ts';
import { cursorToBody, restoreCursor } from '../scheduler/cursor-record.ts';
import type { Cursor } from '../scheduler/cursor.ts';
import { applyRecipe, type Recipe } from '../state/apply-recipe.ts';
import { emptyCursor } from '../scheduler/fresh-cursor.ts';
import { underLease, type LeaseRequest, type Prepared } from './under-lease.ts';
import { rememberGraph } from '../versions/remember-graph.ts';
import { resolveHead } from '../versions/resolve-head.ts';
import { idsBeforeMigration, migratedFrom } from '../versions/migrated-head.ts';
import { BudgetLedger } from '../scheduler/budget-ledger.ts';
import { checkBudget, mergeBudgets, type Budget } from '../spec/budget.ts';

export interface ResumeOptions<S = unknown> extends LeaseRequest {
  threadId: string;
  /**
   * Default: the thread's latest checkpoint. An older one is continued only as
   * a fork (`fork: true`, `goto` or `update`); otherwise it is refused with
   * CHECKPOINT_NOT_LATEST, so that a stale id (someone else continued the
   * thread since) never runs an answered interrupt's node a second time.
   */
  checkpointId?: string;
  /** Continue from `checkpointId` even though the thread went on from it: a new branch of its history. */
  fork?: boolean;
  /** Values for pending interrupts, by interrupt id. */
  resume?: Record<string, unknown>;
  /** Restart at this node instead of the checkpoint's frontier (time travel). */
  goto?: string;
  /** The input for `goto`'s node. */
  input?: unknown;
  /** A change to the checkpoint's state before continuing. */
  update?: (draft: Draft<S>) => void;
  signal?: AbortSignal;
  /** Replaces the saved run context. */
  context?: Record<string, unknown>;
  /** Values set on the saved run context (a shallow merge), keeping the rest: what a layer above adds on each resume. */
  contextUpdate?: Record<string, unknown>;
  /** Appends the run's events to this JSONL file (see RunOptions.record). */
  record?: string;
  /** Which checkpoints this run writes, over the graph's `checkpoints` (see CompileOptions). */
  checkpoints?: CheckpointPolicy;
  /** Where the tasks of the graph's distributed nodes run (see NodeOptions.distribute); without one, every task runs here. */
  dispatcher?: TaskDispatcher;
  /** Observers of the run (tracing, metrics): see Instrumentation. Without any, the run builds no event for them. */
  instrumentation?: readonly Instrumentation[];
  /**
   * Limits set over the budget the checkpoint keeps (else the graph's), field
   * by field, from this checkpoint on. Usage continues from the checkpoint.
   */
  budget?: Budget;
}

/**
 * Takes the thread's lease, loads the checkpoint, checks the request against
 * it, and writes the first checkpoint of the continuation. Everything a
 * request can get wrong is refused before any node runs; a second resume of
 * the same thread is refused at the lease (THREAD_BUSY).
 */
export async function prepareResume(
  plan: ExecutionPlan,
  store: CheckpointStore | undefined,
  o: ResumeOptions<any>,
  runId: string,
): Promise<Prepared> {
  if (!store)
    throw new WeftError('STORE_REQUIRED', `graph "${plan.name}" was compiled without a store; pass compile({ store }) to resume runs`);
  checkArgs(o);
  return underLease(store, o.threadId, runId, o, (lease) => continueThread(plan, store, o, lease));
}

async function continueThread(plan: ExecutionPlan, store: CheckpointStore, o: ResumeOptions<any>, lease: LeaseKeeper): Promise<Prepared> {
  const head = await store.get(o.threadId);
  if (!head)
    throw new WeftError('THREAD_NOT_FOUND', `thread "${o.threadId}" has no checkpoints; start it with run()`, {
      details: { threadId: o.threadId },
    });
  // A handle from before a migration means the migration written on top of it.
  if (
    o.checkpointId !== undefined &&
    o.checkpointId !== head.id &&
    !o.fork &&
    o.goto === undefined &&
    !o.update &&
    migratedFrom(head, o.checkpointId)
  )
    o = { ...o, checkpointId: head.id };
  const known = o.checkpointId === undefined || o.checkpointId === head.id ? recallHead(store, plan, head) : undefined;
  const fromStore = known
    ? await loadRememberedHead(store, plan, head, known)
    : await loadCheckpoint(store, plan, o.threadId, o.checkpointId, undefined, true);
  // Written by another version of the graph: continued as it is, migrated, or refused (see resolveHead).
  const loaded = await resolveHead(store, plan, fromStore, head.seq);
  const { record } = loaded;
  // Answers by ids from before a migration (the lazy one just above, or an earlier batch) reach the interrupts it renamed.
  if (o.resume && unknownIds(record, o.resume).length) {
    const renamed = await idsBeforeMigration(store, record);
    if (renamed.size) o = { ...o, resume: renamedAnswers(o.resume, renamed) };
  }
  if (o.checkpointId !== undefined && o.checkpointId !== head.id && !o.fork && o.goto === undefined && !o.update) {
    throw new WeftError(
      'CHECKPOINT_NOT_LATEST',
      `checkpoint "${o.checkpointId}" is not the latest of thread "${o.threadId}": the thread went on from it (its latest is "${head.id}", ${head.status}); resume the latest (leave checkpointId out), or pass fork: true to continue from "${o.checkpointId}" as a new branch`,
      { details: { threadId: o.threadId, checkpointId: o.checkpointId, latest: { id: head.id, seq: head.seq, status: head.status } } },
    );
  }
  const unknown = unknownIds(record, o.resume ?? {});
  if (unknown.length) throw (await answeredEarlier(store, o.threadId, record.id, unknown)) ?? unknownInterrupt(record, unknown);
  const values = resumeValuesFor(record, o.resume ?? {});
  if (o.resume) checkResumeValues(plan, record, o.resume);
  const cursor =
    o.goto !== undefined ? gotoCursor(plan, record, loaded.state, o.goto, o.input) : continueCursor(plan, record, loaded.state, values, o);
  let patches: Patch[] = [];
  if (o.update) [cursor.state, patches] = applyUpdate(record.id, cursor.state, o.update);
  const context = o.context ? { ...o.context } : { ...record.context, ...o.contextUpdate };
  await rememberGraph(store, plan);
  const writer = new CheckpointWriter(store, plan, o.threadId, plan.snapshotEvery, { ...loaded.chain, seq: loaded.seq });
  writer.patched = record.patched;
  const body = cursorToBody(cursor, 'running', o.goto !== undefined || o.update ? 'fork' : 'resume', context);
  if (values.size) body.resumeValues = [...values];
  // A resume, a retry and a fork continue the count of the checkpoint they start from.
  const budget = new BudgetLedger(record.usage, mergeBudgets(record.budget ?? plan.budget, o.budget));
  if (budget.active) [body.usage, body.budget] = [budget.usageRecord(), budget.budgetRecord()];
  const { written, stored } = writer.write(body, cursor.state, patches);
  if (stored) await stored;
  return {
    cursor,
    store,
    writer,
    initial: written,
    threadId: o.threadId,
    context,
    resumeValues: values,
    resumedFrom: record.id,
    input: o.input,
    lease,
    checkpoints: o.checkpoints,
    patched: record.patched ?? [],
    budget,
  };
}

const list = (ids: Iterable<string>) => [...ids].map((p) => `"${p}"`).join(', ') || 'none';

/** The given ids the checkpoint has no pending interrupt for. */
function unknownIds(record: CheckpointRecord, given: Record<string, unknown>): string[] {
  const pending = new Set(record.interrupts.map((i) => i.id));
  return Object.keys(given).filter((id) => !pending.has(id));
}

function unknownInterrupt(record: CheckpointRecord, unknown: string[]): WeftError {
  const pending = record.interrupts.map((i) => i.id);
  return new WeftError(
    'UNKNOWN_INTERRUPT',
    `checkpoint "${record.id}" has no pending interrupt ${list(unknown)}; pending: ${list(pending)}`,
    {
      details: { unknown, pending },
    },
  );
}

/**
 * The values the continuation runs with: those the checkpoint carries (given
 * to a resume that stopped before using them) and the new ones, which must
 * each answer a pending interrupt that has no value yet (unknown ids are
 * refused before this).
 */
function resumeValuesFor(record: CheckpointRecord, given: Record<string, unknown>): Map<string, unknown> {
  const carried = new Map<string, unknown>(record.resumeValues ?? []);
  const again = Object.keys(given).filter((id) => carried.has(id));
  if (again.length) {
    throw new WeftError(
      'INTERRUPT_ALREADY_ANSWERED',
      `interrupt ${list(again)} of checkpoint "${record.id}" already has a value from an earlier resume, which this thread continues with; resume without a value to continue, or fork from the interrupted checkpoint (checkpointId) to answer differently`,
      { details: { answered: again, checkpointId: record.id } },
    );
  }
  return new Map([...carried, ...Object.entries(given)]);
}

function gotoCursor(plan: ExecutionPlan, record: CheckpointRecord, state: unknown, goto: string, input: unknown): Cursor {
  const node = plan.byName.get(goto);
  if (!node || node.index < 0) {
    throw new WeftError(
      'INVALID_ARGUMENT',
      `goto "${goto}" is not a node of graph "${plan.name}" (nodes: ${plan.nodes.map((n) => n.name).join(', ')})`,
    );
  }
  return emptyCursor(record.step, state, [{ node, input, resume: undefined, sub: undefined, interrupts: undefined }]);
}

function continueCursor(
  plan: ExecutionPlan,
  record: CheckpointRecord,
  state: unknown,
  values: Map<string, unknown>,
  o: ResumeOptions<any>,
): Cursor {
  if (record.status === 'done') {
    throw new WeftError('NOTHING_TO_RESUME', `checkpoint "${record.id}" is the end of a finished run; pass goto to restart at a node`);
  }
  if (record.status === 'interrupted' && !record.interrupts.some((i) => values.has(i.id)) && !o.update) {
    const pending = record.interrupts.map((i) => i.id);
    throw new WeftError(
      'NOTHING_TO_RESUME',
      `checkpoint "${record.id}" waits on interrupts ${pending.map((p) => `"${p}"`).join(', ')}; pass resume: { [id]: value }`,
      { details: { pending } },
    );
  }
  return restoreCursor(plan, record, state, '');
}

/** The `update` recipe applied to the checkpoint's state; a recipe that throws is the caller's error, typed. */
function applyUpdate(checkpointId: string, state: unknown, update: (draft: Draft<unknown>) => void): [unknown, Patch[]] {
  try {
    return applyRecipe(state, update as Recipe);
  } catch (err) {
    throw new WeftError(
      'INVALID_ARGUMENT',
      `resume(): the update recipe threw on the state of checkpoint "${checkpointId}": ${err instanceof Error ? err.message : String(err)}; nothing was written`,
      { cause: err },
    );
  }
}

function checkArgs(o: ResumeOptions): void {
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `resume(): ${msg}`);
  if (o === null || typeof o !== 'object') throw bad('pass an options object: resume({ threadId, resume })');
  checkThreadId(o.threadId, 'resume()');
  if (o.checkpointId !== undefined && typeof o.checkpointId !== 'string') throw bad('checkpointId must be a string');
  if (o.resume !== undefined && (o.resume === null || typeof o.resume !== 'object' || Array.isArray(o.resume))) {
    throw bad('resume must be an object mapping interrupt ids to values');
  }
  if (o.goto !== undefined && typeof o.goto !== 'string') throw bad('goto must be a node name');
  if (o.update !== undefined && typeof o.update !== 'function') throw bad('update must be a function (an immer recipe)');
  if (o.record !== undefined && (typeof o.record !== 'string' || !o.record)) throw bad('record must be a file path');
  if (o.dispatcher !== undefined && typeof (o.dispatcher as { dispatch?: unknown } | null)?.dispatch !== 'function')
    throw bad('dispatcher must have a dispatch(batch, signal) method');
  const instruments = instrumentationProblem(o.instrumentation);
  if (instruments) throw bad(instruments);
  if (o.context !== undefined && (o.context === null || typeof o.context !== 'object' || Array.isArray(o.context)))
    throw bad('context must be an object of values to save with the run');
  if (o.contextUpdate !== undefined && (o.contextUpdate === null || typeof o.contextUpdate !== 'object' || Array.isArray(o.contextUpdate)))
    throw bad('contextUpdate must be an object of values to set on the saved context');
  if (o.context !== undefined && o.contextUpdate !== undefined)
    throw bad('give context (replaces the saved one) or contextUpdate (changes it), not both');
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) throw bad('signal must be an AbortSignal');
  if (o.holder !== undefined && (typeof o.holder !== 'string' || !o.holder)) throw bad('holder must be a non-empty string');
  if (o.takeOver !== undefined && typeof o.takeOver !== 'boolean') throw bad('takeOver must be a boolean');
  if (o.fork !== undefined && typeof o.fork !== 'boolean') throw bad('fork must be a boolean');
  const policy = checkpointPolicyProblem(o.checkpoints);
  if (policy) throw bad(policy);
  checkBudget(o.budget, 'resume()');
}

/** Answers given by interrupt ids a migration just changed, under their new ids. */
function renamedAnswers(given: Record<string, unknown>, renamed: ReadonlyMap<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(given).map(([id, value]) => [renamed.get(id) ?? id, value]));
}
