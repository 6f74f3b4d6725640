import { randomUUID } from 'node:crypto';
import { CheckpointWriter, type ChainPosition, type WrittenCheckpoint } from '../checkpoint/checkpoint-writer.ts';
import { recallHead, rememberHead } from '../checkpoint/head-cache.ts';
import { loadCheckpoint } from '../checkpoint/load-checkpoint.ts';
import { deepFreeze } from '../state/deep-freeze.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { RunLogWriter } from '../events/run-log.ts';
import { EventHub } from '../events/event-hub.ts';
import type { GraphEvent } from '../events/graph-event.ts';
import { Run } from '../events/run.ts';
import type { RunResult } from '../events/run-result.ts';
import type { Cursor } from './cursor.ts';
import { cursorToBody } from './cursor-record.ts';
import { executeGraph } from './execute-graph.ts';
import { neverAbortingSignal } from './execute-step.ts';
import { freshCursor } from './fresh-cursor.ts';
import { runSubgraph } from './run-subgraph.ts';
import type { RunScope } from './run-scope.ts';

export interface RunOptions {
  /** Names the checkpoint thread; generated when a store is set and none is given. */
  threadId?: string;
  signal?: AbortSignal;
  /** The layer above's run context: visible to nodes as ctx.context and saved in every checkpoint. */
  context?: Record<string, unknown>;
  /** Appends the run's events to this JSONL file (a run log the viewer replays; see docs/decisions/0007). */
  record?: string;
}

/** What a run needs before its first step: the cursor, where to write, and what it continues from. */
export interface Prepared {
  cursor: Cursor;
  writer: CheckpointWriter | undefined;
  /** The checkpoint written before the first step (input, resume or fork). */
  initial: WrittenCheckpoint | undefined;
  threadId: string | undefined;
  context: Record<string, unknown>;
  resumeValues: ReadonlyMap<string, unknown>;
  resumedFrom: string | undefined;
  input: unknown;
}

/**
 * Starts a run on the next microtask (so same-tick subscribers see every event)
 * and returns it. `prepare` validates and loads; its errors reject the run.
 */
export function startRun<Out, S>(
  plan: ExecutionPlan,
  signal: AbortSignal | undefined,
  prepare: (runId: string) => Promise<Prepared>,
  openLog?: () => RunLogWriter,
): Run<Out, S> {
  const hub = new EventHub<GraphEvent>();
  const runId = randomUUID();
  const result = (async (): Promise<RunResult<Out, S>> => {
    await null;
    let prepared: Prepared;
    try {
      openLog?.().follow(hub);
      prepared = await prepare(runId);
    } catch (err) {
      hub.close(err);
      throw err;
    }
    const scope: RunScope = {
      runId,
      threadId: prepared.threadId,
      path: [],
      addressPrefix: '',
      hub,
      signal: signal ?? neverAbortingSignal(),
      context: prepared.context,
      resumeValues: prepared.resumeValues,
      runSubgraph,
    };
    const out = await executeGraph({
      plan,
      scope,
      cursor: prepared.cursor,
      writer: prepared.writer,
      initial: prepared.initial,
      input: prepared.input,
      resumedFrom: prepared.resumedFrom,
    });
    hub.close();
    if (out.status === 'done') remember(plan, prepared, out.checkpointId, out.state);
    return {
      status: out.status,
      output: out.output as Out | undefined,
      state: out.state as S,
      interrupts: out.interrupts,
      checkpointId: out.checkpointId,
      threadId: prepared.threadId,
      runId,
      steps: out.steps,
      error: out.error,
    };
  })();
  return new Run<Out, S>(hub, result);
}

/** After a run that ended at its last checkpoint, the next run of the thread here can start from its state. */
function remember(plan: ExecutionPlan, prepared: Prepared, checkpointId: string | undefined, state: unknown): void {
  const { writer, threadId } = prepared;
  const bytes = writer?.lastBytes;
  if (!plan.store || !writer || threadId === undefined || !bytes || checkpointId !== writer.lastId) return;
  rememberHead(plan.store, threadId, { graph: plan.name, hash: plan.hash, id: checkpointId, bytes, state, position: writer.position });
}

/**
 * A fresh run. On a thread that already has checkpoints, the run continues the
 * thread: it starts at START with the thread's latest state, and its
 * checkpoints follow the existing ones.
 */
export async function prepareFresh(plan: ExecutionPlan, input: unknown, options: RunOptions): Promise<Prepared> {
  const store = plan.store;
  const threadId = options.threadId ?? (store ? randomUUID() : undefined);
  const context = { ...(options.context ?? {}) };
  let state: unknown;
  let position: ChainPosition = { seq: 0, parentId: null, depth: 0, deltaBytes: 0, snapshotBytes: 0 };
  const head = store && threadId !== undefined ? await store.get(threadId) : undefined;
  const known = store && head ? recallHead(store, plan, head) : undefined;
  if (known) {
    state = known.state; // frozen when it was this process's run state
    position = { ...known.position, seq: head!.seq };
  } else if (store && head) {
    const loaded = await loadCheckpoint(store, plan, threadId!, head.id);
    state = loaded.state;
    position = { ...loaded.chain, seq: head.seq, deltaBytes: 0, snapshotBytes: Infinity };
  } else {
    state = deepFreeze(plan.stateInit?.());
  }
  const cursor = await freshCursor(plan, input, state);
  let writer: CheckpointWriter | undefined;
  let initial: WrittenCheckpoint | undefined;
  if (store && threadId !== undefined) {
    writer = new CheckpointWriter(store, plan, threadId, plan.snapshotEvery, position);
    const { written, stored } = writer.write(
      cursorToBody(cursor, cursor.ended ? 'done' : 'running', 'input', context),
      state,
      head ? [] : null,
    );
    if (stored) await stored;
    initial = written;
  }
  return { cursor, writer, initial, threadId, context, resumeValues: new Map(), resumedFrom: undefined, input };
}
