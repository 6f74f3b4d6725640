import { remainingBudget, type BudgetLimits, type CheckpointRecord } from '@weft/graph';

type UsageRecord = NonNullable<CheckpointRecord['usage']>;
type BudgetRecord = NonNullable<CheckpointRecord['budget']>;

/** A thread's usage and budget as a checkpoint keeps them, and what is left of each limit (the API's `usage`, `budget`, `remaining`). */
export interface ThreadUsage {
  /** What the thread's branch spent up to the checkpoint; null when nothing was counted. */
  usage: UsageRecord | null;
  /** Its budget then (extensions included); null when it has none. */
  budget: BudgetRecord | null;
  /** What is left of each limit the budget sets (0 when spent); null without a budget. */
  remaining: BudgetLimits | null;
}

/**
 * The usage and budget a checkpoint carries, with what is left of each
 * limit. Dollars are rounded to the nanodollar: what is left of $0.50 after
 * $0.03 reads 0.47, not 0.47000000000000003.
 */
export function threadUsage(usage: UsageRecord | undefined, budget: BudgetRecord | undefined): ThreadUsage {
  if (!budget) return { usage: usage ?? null, budget: null, remaining: null };
  const remaining = remainingBudget(budget, usage);
  return { usage: usage ?? null, budget, remaining };
}
