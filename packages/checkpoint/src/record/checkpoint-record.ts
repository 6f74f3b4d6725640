import type { WeftErrorJSON } from '@weft/common';
import type { InterruptRecord } from './interrupt-record.ts';
import type { StatePatch } from './state-patch.ts';

export type CheckpointStatus = 'running' | 'interrupted' | 'done' | 'error';
/** Why the checkpoint was written: a run's input, a step, a resume, a fork (time travel), or a migration to another graph version. */
export type CheckpointSource = 'input' | 'step' | 'resume' | 'fork' | 'migrate';

/** What identifies a checkpoint and places it in its thread; stores keep it beside the bytes. */
export interface CheckpointMeta {
  threadId: string;
  id: string;
  parentId: string | null;
  /** The thread's version after this write: 1 for the first checkpoint, then +1 each. */
  seq: number;
  /** Steps completed when it was written. */
  step: number;
  status: CheckpointStatus;
  createdAt: number;
}

/** A node queued for the next step. */
export interface TaskRecord {
  node: string;
  /** The send key, for tasks started by `send()`. */
  key?: string;
  input: unknown;
  /** Values already given to this task's `interrupt()` calls, by call order. */
  resume?: unknown[];
  /** A subgraph node's own checkpoint, when it stopped inside. */
  sub?: CheckpointRecord;
  /** Why this task's branch stopped (a node with `onError: 'stop-branch'` that failed); a resume runs it again. */
  error?: WeftErrorJSON;
}

/** A node that finished in a step that did not complete (interrupt or error elsewhere). */
export interface PendingRecord {
  node: string;
  key?: string;
  output: unknown;
  /** Its state changes, relative to the state at the start of that step. */
  patches: StatePatch[];
}

export interface JoinRecord {
  node: string;
  delivered: [pred: string, value: unknown][];
  skipped: string[];
}

/**
 * Everything needed to continue a run at a barrier. Encoded with msgpackr
 * behind a versioned, checksummed header (see `codec.ts`).
 */
export interface CheckpointRecord extends CheckpointMeta {
  graph: string;
  hash: string;
  source: CheckpointSource;
  /** A full snapshot, or patches against the parent checkpoint's state. */
  state: { full: unknown } | { patches: StatePatch[] };
  frontier: TaskRecord[];
  joins: JoinRecord[];
  /** Skips received by `any` nodes that have not fired since (skip propagation). */
  skips: [node: string, preds: string[]][];
  pending: PendingRecord[];
  interrupts: InterruptRecord[];
  output?: unknown;
  error?: WeftErrorJSON;
  /** Resume values given to this run that its interrupted tasks have not consumed yet. */
  resumeValues?: [id: string, value: unknown][];
  /** The layer above's run context. */
  context: Record<string, unknown>;
  /**
   * The behaviour patches (`compile({ patches })`) the thread started with,
   * copied to each of its checkpoints: `ctx.patched(id)` is true only for
   * these, so a thread started before a patch keeps the old behaviour.
   * Absent: none.
   */
  patched?: string[];
  /** The label of the graph version that wrote it (`compile({ version })`), when it had one. */
  version?: string;
  /**
   * What this branch of the thread spent up to this checkpoint (models' reported
   * tokens and cost, model and tool calls, running time): a resume, a retry or
   * a fork from here continues this count. Absent: nothing counted yet (and
   * every record before format version 5).
   */
  usage?: UsageRecord;
  /** The thread's effective budget when it was written, extensions included. Absent: no budget. */
  budget?: BudgetRecord;
}

/** A thread's usage as a checkpoint keeps it: counts and amounts, each finite and at least 0. */
export interface UsageRecord {
  tokens: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  modelCalls: number;
  toolCalls: number;
  /** Milliseconds the runs of this branch spent running (paused time not counted). */
  wallMs: number;
}

/** A budget as a checkpoint keeps it: each limit finite and above 0. */
export interface BudgetRecord {
  tokens?: number;
  costUsd?: number;
  modelCalls?: number;
  toolCalls?: number;
  wallMs?: number;
  onExceeded?: 'error' | 'interrupt';
}
