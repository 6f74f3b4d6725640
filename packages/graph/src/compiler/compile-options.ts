import type { CheckpointStore } from '@weft/checkpoint';
import type { Budget } from '../spec/budget.ts';
import type { MigratedTask, Migration } from '../spec/migration.ts';

export interface CompileOptions {
  /** Where checkpoints go; without a store the graph runs without checkpoints and cannot resume. */
  store?: CheckpointStore;
  /** Upper bound on steps per run (default: number of nodes + 10). */
  maxSteps?: number;
  /** How many nodes of one step run at once (default: unbounded). */
  maxConcurrency?: number;
  /** A full state snapshot at least every K checkpoints; immer patches in between (default 100). */
  snapshotEvery?: number;
  /**
   * The most bytes one encoded checkpoint may take (default 16 MiB; `Infinity`
   * for no limit). A step whose checkpoint would be larger fails with
   * CHECKPOINT_TOO_LARGE, naming the largest value in it, and writes nothing:
   * the thread continues from its last checkpoint. Stores keep every
   * checkpoint (a 100 MB state value took 200 MB of SQLite file and 201 MB of
   * WAL), so large data belongs in a file or blob store, its key in the state.
   * A subgraph's state counts toward its parent's checkpoint, under the
   * parent's limit.
   */
  maxCheckpointBytes?: number;
  /**
   * The largest binary value (`Uint8Array`: an image, a file, audio) a
   * checkpoint takes (default 20 MiB; `Infinity` for no limit). A larger one
   * fails the step with CHECKPOINT_VALUE_TOO_LARGE before anything is stored.
   * Values of 32 KiB or more are stored once per thread by sha-256 beside the
   * checkpoints (when the store has `getBlobs`), so they do not count toward
   * `maxCheckpointBytes` and a full snapshot or a fork does not copy them.
   */
  maxBlobBytes?: number;
  /**
   * Which checkpoints a run writes (with a store). `'every-step'` (the default):
   * one after every step, so a run can be resumed or forked at any step and a
   * crash loses at most the step in flight. `'on-exit'`: the run's first
   * checkpoint, then only where it stops (an interrupt, an error, maxSteps, the end):
   * cheaper, but a crash mid-run continues from the run's start, and history
   * has no steps in between. LangGraph calls these durability 'sync' and 'exit'.
   * A run may choose for itself (`run(input, { checkpoints })`).
   */
  checkpoints?: CheckpointPolicy;
  /**
   * Sends node tasks to the run's task dispatcher (`@weft/bullmq` spreads them
   * over its workers): `true` for every function node, or a function that
   * picks nodes by name and kind (`(n) => n.kind === 'chat-model'`). A node's
   * own `distribute` wins. Subgraph nodes always run where the run is. Without
   * a dispatcher, runs are unchanged.
   */
  distribute?: boolean | ((node: { name: string; kind: string }) => boolean);
  /**
   * A label for this version of the graph (`'v2'`, a release name): kept with
   * the graph's description in the store and named by migrations. Not part of
   * the structure hash.
   */
  version?: string;
  /**
   * Migrations of threads written by earlier versions (see `migration()`).
   * Checked here: they must chain to this graph, without a gap or a cycle
   * (MIGRATION_CHAIN).
   */
  migrations?: readonly Migration[];
  /**
   * What a resume (or a new run) does with a thread another version of the
   * graph wrote. A thread this version can run as it is (its frontier, join
   * buffers, pending results and interrupts all resolve here, and its state
   * passes the state schema) runs, whatever the policy, unless it is `'pin'`.
   * Otherwise: `'refuse'` (the default) fails with CHECKPOINT_GRAPH_MISMATCH
   * and the reasons; `'migrate'` applies the registered migrations first;
   * `'pin'` leaves every thread of another version on it (GRAPH_VERSION_PINNED,
   * for a host that routes it to where that version is served).
   */
  onGraphMismatch?: GraphMismatchPolicy;
  /**
   * Behaviour patches this version declares: a thread records the ones its
   * graph declared when it started, and `ctx.patched(id)` is true only for
   * those, so a thread that started before a patch keeps the old behaviour.
   */
  patches?: readonly string[];
  /**
   * What a layer above knows about a thread this graph is asked to continue
   * that the structure does not say (the agents layer: every agent a task
   * belongs to has its activation in the state): the problems, one sentence
   * each, or none. Judging another version's thread runs it after the
   * structural checks, and a migration's result must pass it too, so a
   * thread that would fail on its first step is refused before anything is
   * written.
   */
  threadCheck?: ThreadCheck;
  /**
   * A budget for each thread of the graph: limits on tokens, cost, model and
   * tool calls and running time, counted across resumes, retries and forks
   * (kept in the checkpoints). A run's or a resume's `budget` sets fields
   * over it. An invalid limit (0, below 0, NaN, infinite, unknown) is BUDGET_INVALID.
   */
  budget?: Budget;
}

/** See `CompileOptions.threadCheck`. */
export type ThreadCheck = (thread: { tasks: readonly MigratedTask[]; state: unknown }) => readonly string[];

/** See `CompileOptions.onGraphMismatch`. */
export type GraphMismatchPolicy = 'refuse' | 'migrate' | 'pin';

/** 16 MiB: far above a conversation's state (a 50-message history snapshot is about 12 KB), well below what stores keep comfortably per row. */
export const DEFAULT_MAX_CHECKPOINT_BYTES = 16 * 1024 * 1024;

/** When a run with a store writes checkpoints: see {@link CompileOptions.checkpoints}. */
export type CheckpointPolicy = 'every-step' | 'on-exit';

const CHECKPOINT_POLICIES: readonly CheckpointPolicy[] = ['every-step', 'on-exit'];

/** What is wrong with a `checkpoints` option given to compile(), run() or resume(), if anything. */
export function checkpointPolicyProblem(value: unknown): string | undefined {
  return value === undefined || CHECKPOINT_POLICIES.includes(value as CheckpointPolicy)
    ? undefined
    : `checkpoints must be 'every-step' or 'on-exit', got ${JSON.stringify(value)}`;
}
