import { randomUUID } from 'node:crypto';
import { rememberHead } from '../checkpoint/head-cache.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { RunLogWriter } from '../events/run-log.ts';
import { EventHub } from '../events/event-hub.ts';
import type { GraphEvent } from '../events/graph-event.ts';
import { Run } from '../events/run.ts';
import type { RunResult } from '../events/run-result.ts';
import type { Usage } from '../spec/budget.ts';
import { WeftError } from '../errors.ts';
import { executeGraph, type ExecuteOutcome } from '../scheduler/execute-graph.ts';
import { neverAbortingSignal } from '../scheduler/execute-step.ts';
import type { Prepared } from './under-lease.ts';
import { runSubgraph } from '../scheduler/run-subgraph.ts';
import type { RunScope, ThreadPatches } from '../scheduler/run-scope.ts';
import type { TaskDispatcher } from '../dispatch/task-dispatcher.ts';
import type { Instrumentation } from '../instrument/instrumentation.ts';
import { startInstruments, type StartedInstruments } from '../instrument/start-instruments.ts';

/** What a run takes besides its preparation: how it is cancelled, where its distributed tasks go, who observes it. */
export interface RunControls {
  signal: AbortSignal | undefined;
  dispatcher: TaskDispatcher | undefined;
  instrumentation?: readonly Instrumentation[] | undefined;
}

/**
 * Starts a run on the next microtask (so same-tick subscribers see every event)
 * and returns it. `prepare` validates and loads; its errors reject the run.
 */
export function startRun<Out, S>(
  plan: ExecutionPlan,
  { signal, dispatcher, instrumentation }: RunControls,
  prepare: (runId: string) => Promise<Prepared>,
  openLog?: () => RunLogWriter,
): Run<Out, S> {
  const hub = new EventHub<GraphEvent>();
  const runId = randomUUID();
  // The run's state lives in the cursor; run.values() reads it (no event carries the state itself).
  let cursor: Prepared['cursor'] | undefined;
  const result = (async (): Promise<RunResult<Out, S>> => {
    await null;
    let prepared: Prepared;
    try {
      openLog?.().follow(hub);
      prepared = await prepare(runId);
      cursor = prepared.cursor;
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
      patches: threadPatches(plan.patches, prepared.patched),
      resumeValues: prepared.resumeValues,
      dispatcher,
      budget: prepared.budget,
      runSubgraph,
    };
    // A budget interrupt answered by this run changes the budget; one answered before is in it already.
    if (prepared.resumeValues.size) prepared.budget.answers = prepared.resumeValues;
    const instruments: StartedInstruments | undefined = instrumentation?.length
      ? startInstruments(plan, hub, instrumentation, {
          runId,
          threadId: prepared.threadId,
          resumedFrom: prepared.resumedFrom,
          context: prepared.context,
        })
      : undefined;
    let out;
    try {
      out = await executeGraph({
        plan,
        scope,
        cursor: prepared.cursor,
        writer: prepared.writer,
        initial: prepared.initial,
        input: prepared.input,
        resumedFrom: prepared.resumedFrom,
        lease: prepared.lease,
        checkpoints: prepared.checkpoints ?? plan.checkpoints,
      });
    } finally {
      // executeGraph released it before run.end; this is for a run that threw past it (a no-op otherwise).
      await prepared.lease?.release();
    }
    hub.close();
    // Where the next run (done) or resume (interrupted, error) of this thread starts.
    remember(plan, prepared, out.checkpointId);
    const result = runResult<Out, S>(out, prepared.threadId, runId, { ...prepared.budget.used });
    instruments?.end(result as RunResult<unknown, unknown>);
    return result;
  })();
  return new Run<Out, S>(hub, result, () => cursor?.state as S);
}

/** After a run that ended at its last checkpoint, the next run or resume of the thread here can start from its state. */
function remember(plan: ExecutionPlan, prepared: Prepared, checkpointId: string | undefined): void {
  const { store, writer, threadId } = prepared;
  const bytes = writer?.lastBytes;
  if (!store || !writer || threadId === undefined || !bytes || checkpointId !== writer.lastId) return;
  // The state the head holds, which a run that failed past its last checkpoint (or held steps back) has moved beyond.
  const state = writer.lastState;
  rememberHead(store, threadId, {
    graph: plan.name,
    hash: plan.hash,
    id: checkpointId,
    bytes,
    state,
    position: writer.position,
    patched: writer.patched,
    usage: writer.lastUsage,
    budget: writer.lastBudget,
  });
}

/** The outcome as the variant of its status: done has its output, interrupted its (non-empty) interrupts, error its error. */
function runResult<Out, S>(out: ExecuteOutcome, threadId: string | undefined, runId: string, usage: Usage): RunResult<Out, S> {
  const base = { state: out.state as S, checkpointId: out.checkpointId, threadId, runId, steps: out.steps, usage };
  const [first, ...rest] = out.interrupts;
  if (out.status === 'done') return { status: 'done', output: out.output as Out, interrupts: [], error: undefined, ...base };
  if (out.status === 'interrupted' && first)
    return { status: 'interrupted', output: undefined, interrupts: [first, ...rest], error: undefined, ...base };
  const error = out.error ?? new WeftError('RUN_FAILED', 'the run stopped without an error or a pending interrupt to report');
  return { status: 'error', output: undefined, interrupts: [], error, ...base };
}

/** A graph without behaviour patches (most) shares one empty pair: a run allocates nothing for them. */
const NO_PATCHES: ThreadPatches = { started: new Set(), declared: new Set() };

/** What `ctx.patched` reads for a run: the thread's patches (a run without a store starts with the graph's) and the graph's. */
function threadPatches(declared: readonly string[], started: readonly string[] | undefined): ThreadPatches {
  if (declared.length === 0 && (started === undefined || started.length === 0)) return NO_PATCHES;
  return { started: new Set(started ?? declared), declared: new Set(declared) };
}
