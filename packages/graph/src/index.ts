/**
 * @weft/graph — typed graphs run by a step scheduler with immer state, RxJS
 * events and a msgpackr checkpoint at every step.
 *
 * @example
 * import { graph, START, END, MemoryStore } from '@weft/graph';
 * import { z } from 'zod';
 *
 * const g = graph({ name: 'count', input: z.number(), output: z.number(), state: z.object({ seen: z.array(z.number()).default([]) }) })
 *   .addNode('inc', (n: number, ctx) => { ctx.update((s) => { s.seen.push(n); }); return n + 1; })
 *   .addBranch('inc', (n) => (n < 3 ? 'inc' : END), ['inc', END])
 *   .addEdge(START, 'inc')
 *   .compile({ store: new MemoryStore() });
 * const res = await g.run(0, { threadId: 't1' });
 * if (res.status === 'done') console.log(res.output, res.state.seen); // 3 [0, 1, 2]
 */

// Building
export { graph } from './builder/graph.ts';
export type { GraphConfig, GraphBoundary } from './builder/graph.ts';
export { GraphBuilder } from './builder/graph-builder.ts';
export type { NodeFn, NodeOutput } from './spec/node-fn.ts';
export type { BranchRoute, RouteResult } from './spec/branch-route.ts';
export type { BranchContext } from './spec/branch-context.ts';
export { START, END } from './spec/start-end.ts';
export { send, Send } from './spec/send.ts';
export type { Start, End } from './spec/start-end.ts';
export type { NodeOptions, RetryPolicy, Trigger } from './spec/node-options.ts';
export type { NodeContext } from './spec/node-context.ts';
export { channel } from './spec/channel.ts';
export type { Channel } from './spec/channel.ts';
export type { StateReducer, StateReducers, ReducerPath, ReducerValue } from './state/state-reducers.ts';

// Guardrails: checks on a node's input and output (types in spec/, the run-time side in scheduler/)
export { guardrail, guardrailEvents, checkGuardrail, checkGuardrailList, checkReleaseEvery } from './spec/guardrail.ts';
export type {
  Guardrail,
  GuardrailContext,
  GuardrailDefinition,
  GuardrailEvent,
  GuardrailStage,
  GuardrailVerdict,
  NodeGuardrails,
  ReleaseEvery,
} from './spec/guardrail.ts';
export { applyGuardrails, guardrailTripped, type GuardrailRun } from './scheduler/apply-guardrails.ts';
export { ReleaseGate, type ReleaseGateOptions } from './scheduler/release-gate.ts';

// Budgets: usage counted per thread branch, kept in the checkpoints (types in spec/, the ledger in scheduler/)
export { budgetProblem, checkBudget, mergeBudgets, remainingBudget, usageOf } from './spec/budget.ts';
export type {
  Budget,
  BudgetLimits,
  BudgetLimitName,
  Usage,
  UsageDelta,
  BudgetContext,
  BudgetResume,
  BudgetInterruptInfo,
} from './spec/budget.ts';
export { budgetResumeSchema } from './scheduler/budget-resume-schema.ts';
export { budgetExceeded } from './scheduler/budget-ledger.ts';
export type { StepUsage } from './events/graph-event.ts';

// Compiling
export { CompiledGraph, type AnyCompiledGraph } from './runtime/compiled-graph.ts';
export type { CheckpointPolicy, CompileOptions } from './compiler/compile-options.ts';
export type { GraphJSON, GraphNodeJSON, GraphEdgeJSON } from './compiler/graph-json.ts';

// Running
export type { RunOptions } from './runtime/prepare-fresh.ts';
// Multitask: a new input for a thread that is being run (reject, enqueue, interrupt, rollback)
export { DEFAULT_MULTITASK_WAIT_MS } from './runtime/multitask.ts';
export type { Multitask } from './runtime/multitask.ts';
export type { MultitaskRequest } from './runtime/under-lease.ts';
export { waitForThread, STOP_POLL_MS, FREE_POLL_MS } from '@weft/checkpoint';
export type { StopRequest, StopRequestOptions } from '@weft/checkpoint';
export type { LeaseRequest } from './runtime/under-lease.ts';
export type { ResumeOptions } from './runtime/prepare-resume.ts';
export { Run } from './events/run.ts';
export { EventRun } from './events/event-run.ts';
export { RunStream } from './events/run-stream.ts';
export type { EventFold } from './events/run-stream.ts';
export type { StepUpdate, FinishedNode } from './events/step-updates.ts';
export { EventHub } from './events/event-hub.ts';
export type { RunResult, RunDone, RunInterrupted, RunFailed, RunStatus } from './events/run-result.ts';
export type { GraphEvent, GraphEventType } from './events/graph-event.ts';
export type { ChannelMessage } from './events/channel-message.ts';
export { RUN_LOG_VERSION } from './events/run-log.ts';
export type { RunLogHeader, RunLogLine } from './events/run-log.ts';
export { checkRunLogLine } from './events/check-run-log-line.ts';

// Instrumentation
export type { Instrumentation, InstrumentedRun, InstrumentedNode, RunInstrument } from './instrument/instrumentation.ts';

// Distributed steps
export type {
  TaskDispatcher,
  DispatchBatch,
  DispatchedTask,
  StepBase,
  TaskRequest,
  TaskResult,
  TaskEvent,
} from './dispatch/task-dispatcher.ts';

// Interrupts
export { interrupt } from './interrupt/interrupt.ts';
export type { InterruptOptions } from './interrupt/interrupt.ts';
export { GraphInterrupt, isGraphInterrupt } from './interrupt/graph-interrupt.ts';
export type { RefusedResume } from './interrupt/graph-interrupt.ts';

// Graph versions: diffs, which threads a version can run, migrations
export { migration } from './spec/migration.ts';
export type { Migration, MigrationSpec, MigratedTask } from './spec/migration.ts';
export type { GraphMismatchPolicy, ThreadCheck } from './compiler/compile-options.ts';
export type { MigrationCheck, MigrationStatus } from './versions/migration-check.ts';
export type { MigrateThreadOptions, MigrationResult } from './versions/migrate-thread.ts';
export { diffGraphs } from './versions/diff-graphs.ts';
export { formatGraphDiff } from './versions/format-graph-diff.ts';
export type {
  GraphDiff,
  NodeEntry,
  NodeChange,
  NodeFieldChange,
  RenameCandidate,
  RenameEvidence,
  EdgeEntry,
  SchemaChange,
  AgentEntry,
  AgentChange,
  AgentFieldChange,
} from './versions/graph-diff.ts';

// Checkpoints (the engine's side; the record, codec and stores are @weft/checkpoint's, re-exported below)
export type { CheckpointView } from './checkpoint/checkpoint-view.ts';
export type { PruneOptions, PruneResult, PruneCandidate } from './checkpoint/prune-thread.ts';
export { answeredEarlier } from './checkpoint/answered-earlier.ts';

// Schemas (Standard Schema: Zod, Valibot, ArkType, …)
export { isStandardSchema } from './schema/standard-schema.ts';
export type { StandardSchemaV1, StandardJSONSchemaV1, SchemaInput, SchemaOutput } from './schema/standard-schema.ts';
export { checkWithSchema, checkWithSchemaSync, issuesMessage } from './schema/check-with-schema.ts';
export type { SchemaCheck } from './schema/check-with-schema.ts';
export { jsonSchemaOf } from './schema/json-schema-of.ts';

// Errors
export { WeftError, GraphValidationError, NodeError } from './errors.ts';
export type { WeftErrorCode, GraphIssue } from './errors.ts';

// Re-exported from the packages they moved to, for one minor version (see
// .changeset/packages-by-concern.md): import them from there instead.
// @weft/common: the failures every package shares.
export { errorToJSON, errorFromJSON, retryableOf, backoffDelay } from '@weft/common';
export type { WeftErrorJSON, WeftErrorOptions, BackoffPolicy, BackoffInput } from '@weft/common';
// @weft/checkpoint: the record, its codec, the store contract and MemoryStore.
export type { CheckpointRecord, CheckpointMeta, CheckpointStatus, CheckpointSource, InterruptRecord } from '@weft/checkpoint';
export { encodeCheckpoint, decodeCheckpoint, CHECKPOINT_FORMAT_VERSION, encodeValue, decodeValue } from '@weft/checkpoint';
export type { CheckpointStore, CheckpointEntry, ListOptions, ThreadSummary } from '@weft/checkpoint';
export { MemoryStore, checkThreadId, checkEntryMeta } from '@weft/checkpoint';
export type { MemoryStoreOptions } from '@weft/checkpoint';
export { LeaseKeeper, DEFAULT_LEASE_TTL_MS, threadBusy, leaseLost, checkClaim, checkLeaseTtl } from '@weft/checkpoint';
export type { ThreadLease, ClaimOptions } from '@weft/checkpoint';
export { entryFromRow, summaryFromRow, leaseFromRow } from '@weft/checkpoint';
export type { CheckpointRow, LeaseRow } from '@weft/checkpoint';
// @weft/checkpoint: thread fixtures (a thread frozen as JSON, for `weft migrate test`).
export { exportThread, importThread, THREAD_FIXTURE_KIND, THREAD_FIXTURE_FORMAT } from '@weft/checkpoint';
export type { ThreadFixture, ThreadFixtureEntry, ImportThreadOptions, ImportedThread, StoredGraph } from '@weft/checkpoint';
// @weft/checkpoint/conformance: the suite every store passes.
export { checkpointStoreConformance, conformanceEntry } from '@weft/checkpoint/conformance';
export type { ConformanceApi } from '@weft/checkpoint/conformance';
