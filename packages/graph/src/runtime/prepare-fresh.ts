import { randomUUID } from 'node:crypto';
import type { CheckpointEntry, CheckpointStore } from '@weft/checkpoint';
import type { TaskDispatcher } from '../dispatch/task-dispatcher.ts';
import type { Instrumentation } from '../instrument/instrumentation.ts';
import { CheckpointWriter, type ChainPosition, type WrittenCheckpoint } from '../checkpoint/checkpoint-writer.ts';
import { recallHead } from '../checkpoint/head-cache.ts';
import { loadCheckpoint, type LoadedCheckpoint } from '../checkpoint/load-checkpoint.ts';
import { rememberGraph } from '../versions/remember-graph.ts';
import { resolveHead } from '../versions/resolve-head.ts';
import type { CheckpointPolicy } from '../compiler/compile-options.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { deepFreeze } from '../state/deep-freeze.ts';
import type { Cursor } from '../scheduler/cursor.ts';
import { cursorToBody } from '../scheduler/cursor-record.ts';
import { checkInput } from '../scheduler/check-input.ts';
import { freshCursor } from '../scheduler/fresh-cursor.ts';
import { underLease, type LeaseRequest, type MultitaskRequest, type Prepared } from './under-lease.ts';
import { rollbackBase } from './rollback-base.ts';
import { BudgetLedger } from '../scheduler/budget-ledger.ts';
import { mergeBudgets, type Budget } from '../spec/budget.ts';
import type { BudgetRecord, UsageRecord } from '@weft/checkpoint';

export interface RunOptions extends LeaseRequest, MultitaskRequest {
  /** Names the checkpoint thread; generated when a store is set and none is given. */
  threadId?: string;
  signal?: AbortSignal;
  /** The layer above's run context: visible to nodes as ctx.context and saved in every checkpoint. */
  context?: Record<string, unknown>;
  /** Appends the run's events to this JSONL file (a run log the viewer replays; see docs/decisions/0007). */
  record?: string;
  /** Which checkpoints this run writes, over the graph's `checkpoints` (see CompileOptions). */
  checkpoints?: CheckpointPolicy;
  /** Where the tasks of the graph's distributed nodes run (see NodeOptions.distribute); without one, every task runs here. */
  dispatcher?: TaskDispatcher;
  /** Observers of the run (tracing, metrics): see Instrumentation. Without any, the run builds no event for them. */
  instrumentation?: readonly Instrumentation[];
  /**
   * Limits set over the thread's budget (the one its checkpoint keeps, else
   * the graph's), field by field. Usage continues from the thread's head.
   */
  budget?: Budget;
}

/**
 * A fresh run. On a thread that already has checkpoints, the run continues the
 * thread: it starts at START with the thread's latest state, and its
 * checkpoints follow the existing ones.
 */
export async function prepareFresh(
  plan: ExecutionPlan,
  store: CheckpointStore | undefined,
  given: unknown,
  options: RunOptions,
  runId: string,
): Promise<Prepared> {
  // Before the lease and the store: a refused input writes nothing.
  const input = plan.inputSchema ? await checkInput(plan, plan.inputSchema, given) : given;
  const context = { ...(options.context ?? {}) };
  if (!store) {
    const cursor = await freshCursor(plan, input, deepFreeze(plan.stateInit?.()));
    return {
      cursor,
      store: undefined,
      writer: undefined,
      initial: undefined,
      threadId: options.threadId,
      context,
      resumeValues: new Map(),
      resumedFrom: undefined,
      input,
      lease: undefined,
      budget: new BudgetLedger(undefined, mergeBudgets(plan.budget, options.budget)),
    };
  }
  const threadId = options.threadId ?? randomUUID();
  return underLease(store, threadId, runId, options, async (lease, stopped) => {
    // 'rollback' starts where the run it stopped started; the stopped run's checkpoints stay as a branch.
    const from = stopped && options.multitask === 'rollback' ? await rollbackBase(store, plan, threadId) : undefined;
    const { cursor, writer, initial, budget } = await startThread(plan, store, threadId, input, context, from, options.budget);
    return {
      cursor,
      store,
      writer,
      initial,
      threadId,
      context,
      resumeValues: new Map(),
      resumedFrom: undefined,
      input,
      lease,
      checkpoints: options.checkpoints,
      patched: writer.patched ?? [],
      budget,
    };
  });
}

/**
 * Continues the thread's state (or starts it) at START, and writes the run's
 * input checkpoint after the thread's latest. With `from`, the state is that
 * checkpoint's (null: the graph's initial state), and the input checkpoint's
 * parent is `from`: a new branch, as a fork makes.
 */
async function startThread(
  plan: ExecutionPlan,
  store: CheckpointStore,
  threadId: string,
  input: unknown,
  context: Record<string, unknown>,
  from: CheckpointEntry | null | undefined,
  runBudget: Budget | undefined,
): Promise<{ cursor: Cursor; writer: CheckpointWriter; initial: WrittenCheckpoint; budget: BudgetLedger }> {
  let state: unknown;
  let patched: readonly string[] | undefined;
  let usage: UsageRecord | undefined;
  let kept: BudgetRecord | undefined;
  let position: ChainPosition = { seq: 0, parentId: null, depth: 0, deltaBytes: 0, snapshotBytes: 0 };
  const tip = await store.get(threadId);
  const head = from === undefined ? tip : from;
  const known = head ? recallHead(store, plan, head) : undefined;
  if (known) {
    state = known.state; // frozen when it was this process's run state
    patched = known.patched;
    ({ usage, budget: kept } = known);
    position = { ...known.position, seq: tip!.seq };
  } else if (head) {
    // A new run starts at START: of the head, another version's graph must take the state (see resolveHead).
    const loaded = await resolveHead(
      store,
      plan,
      startingOver(await loadCheckpoint(store, plan, threadId, head.id, undefined, true)),
      tip!.seq,
    );
    state = loaded.state;
    patched = loaded.record.patched;
    ({ usage, budget: kept } = loaded.record);
    position = { ...loaded.chain, seq: loaded.seq, deltaBytes: 0, snapshotBytes: Infinity };
  } else {
    state = deepFreeze(plan.stateInit?.());
    patched = plan.patches.length > 0 ? [...plan.patches] : undefined;
    // A rollback to before the thread's first run: a new root, after the thread's latest.
    if (tip) position = { ...position, seq: tip.seq };
  }
  const cursor = await freshCursor(plan, input, state);
  await rememberGraph(store, plan);
  const writer = new CheckpointWriter(store, plan, threadId, plan.snapshotEvery, position);
  writer.patched = patched;
  // Usage continues from the head; the budget is the thread's (else the graph's), with the run's limits over it.
  const budget = new BudgetLedger(usage, mergeBudgets(kept ?? plan.budget, runBudget));
  const body = cursorToBody(cursor, cursor.ended ? 'done' : 'running', 'input', context);
  if (budget.active) [body.usage, body.budget] = [budget.usageRecord(), budget.budgetRecord()];
  const { written, stored } = writer.write(body, state, head ? [] : null);
  if (stored) await stored;
  return { cursor, writer, initial: written, budget };
}

/** A loaded head as a new run sees it: its state, none of what it would have run next. */
function startingOver(loaded: LoadedCheckpoint): LoadedCheckpoint {
  const { record } = loaded;
  return { ...loaded, record: { ...record, frontier: [], joins: [], skips: [], pending: [], interrupts: [] } };
}
