import type { WeftErrorJSON } from '@weft/common';
import type { BudgetRecord, CheckpointSource, CheckpointStatus, InterruptRecord, UsageRecord } from '@weft/checkpoint';
import type { LoadedCheckpoint } from './load-checkpoint.ts';

/** A checkpoint as `history()` and `getState()` show it. */
export interface CheckpointView<S = unknown> {
  id: string;
  parentId: string | null;
  threadId: string;
  seq: number;
  /** Steps completed when it was written (0: before the first step). */
  step: number;
  status: CheckpointStatus;
  source: CheckpointSource;
  createdAt: number;
  state: S;
  /**
   * The tasks that run next: node, send key (for tasks started by send()) and
   * input; `error` on a task whose branch stopped at a failure (a resume runs it again).
   */
  frontier: { node: string; key?: string; input: unknown; error?: WeftErrorJSON }[];
  interrupts: InterruptRecord[];
  output: unknown;
  error: WeftErrorJSON | undefined;
  context: Record<string, unknown>;
  /** What this branch of the thread spent up to this checkpoint; undefined when nothing was counted. */
  usage: UsageRecord | undefined;
  /** The thread's effective budget at this checkpoint (extensions included); undefined: none. */
  budget: BudgetRecord | undefined;
}

export function checkpointView<S>({ record, state }: LoadedCheckpoint): CheckpointView<S> {
  return {
    id: record.id,
    parentId: record.parentId,
    threadId: record.threadId,
    seq: record.seq,
    step: record.step,
    status: record.status,
    source: record.source,
    createdAt: record.createdAt,
    state: state as S,
    frontier: record.frontier.map((t) => ({
      node: t.node,
      ...(t.key === undefined ? {} : { key: t.key }),
      input: t.input,
      ...(t.error === undefined ? {} : { error: t.error }),
    })),
    interrupts: record.interrupts,
    output: record.output,
    error: record.error,
    context: record.context,
    usage: record.usage,
    budget: record.budget,
  };
}
