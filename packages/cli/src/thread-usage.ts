import { remainingBudget, type CheckpointRecord } from '@weft/graph';

type UsageRecord = NonNullable<CheckpointRecord['usage']>;
type BudgetRecord = NonNullable<CheckpointRecord['budget']>;

/** The limits a budget can set, in the order listings show them. */
export const LIMITS = ['tokens', 'costUsd', 'modelCalls', 'toolCalls', 'wallMs'] as const;

export type Remaining = Partial<Record<(typeof LIMITS)[number], number>>;

/** A thread's usage and budget as its latest checkpoint keeps them, and what is left of each limit set. */
export interface ThreadUsage {
  /** What the thread's branch spent up to its latest checkpoint; null when nothing was counted. */
  usage: UsageRecord | null;
  /** Its budget (extensions included); null when it has none. */
  budget: BudgetRecord | null;
  /** What is left of each limit the budget sets (0 when spent); null without a budget. */
  remaining: Remaining | null;
}

/**
 * The usage and budget a checkpoint record carries, with what is left of
 * each limit.
 */
export function threadUsage(usage: UsageRecord | undefined, budget: BudgetRecord | undefined): ThreadUsage {
  if (!budget) return { usage: usage ?? null, budget: null, remaining: null };
  const remaining = remainingBudget(budget, usage);
  return { usage: usage ?? null, budget, remaining };
}

/** Whether a cost was counted: some call had a price, or the budget limits cost (then every model had one). */
export const priced = ({ usage, budget }: ThreadUsage): boolean => (usage?.costUsd ?? 0) > 0 || budget?.costUsd !== undefined;
