import type { UsageRecord } from '@weft/checkpoint';
import { WeftError } from '../errors.ts';

/** The limits a budget can set; each one, when set, is a finite number above 0. */
export interface BudgetLimits {
  /** Input plus output tokens, as the models reported them (or as counted, for a model that reports none). */
  tokens?: number;
  /** Cost in US dollars, from the models' reported tokens and a price table. */
  costUsd?: number;
  modelCalls?: number;
  toolCalls?: number;
  /** Milliseconds the runs of the thread's branch spent running; time paused at an interrupt is not counted. */
  wallMs?: number;
}

/**
 * A budget for a thread: its limits, and what happens when one would be
 * crossed — `'error'` (the default) fails the run with BUDGET_EXCEEDED;
 * `'interrupt'` pauses it (`interrupt()` with `{ type: 'budget', budget,
 * used, exceeded }`) until a person extends, replaces or stops it.
 */
export interface Budget extends BudgetLimits {
  onExceeded?: 'error' | 'interrupt';
}

/** What a thread's branch has spent so far: the checkpoint's count, every field always there (0 when nothing was counted). */
export interface Usage extends UsageRecord {
  /** True when some tokens were counted by a tokenizer because a model reported no usage. */
  estimated?: boolean;
}

/** A change to the usage: what a node is about to spend (`charge`) or has spent (`record`). */
export type UsageDelta = Partial<Omit<Usage, 'estimated'>> & { estimated?: boolean };

/** Which limits a charge would cross. */
export type BudgetLimitName = keyof BudgetLimits;

/**
 * The value a budget interrupt takes: `{ extend }` adds to the limits,
 * `{ budget }` replaces the limits it names, `{ stop: true }` ends the run
 * with BUDGET_EXCEEDED. The new budget is kept in the thread's checkpoints.
 */
export type BudgetResume = { extend: BudgetLimits } | { budget: BudgetLimits } | { stop: true };

/** What a budget interrupt reports (`interrupt.info`). */
export interface BudgetInterruptInfo {
  type: 'budget';
  budget: Budget;
  used: Usage;
  exceeded: BudgetLimitName[];
}

/**
 * The thread's budget as a node sees it (`ctx.budget`): one ledger for a run
 * and every subgraph in it.
 *
 * @example
 * graph({ name: 'g' }).addNode('search', async (q: string, ctx) => {
 *   ctx.budget.charge({ toolCalls: 1 }); // refuses (or interrupts) when the budget would be crossed
 *   return search(q);
 * });
 */
export interface BudgetContext {
  /** What the thread's branch spent so far (all nodes, subgraphs included). A live view: read it, do not keep it. */
  readonly used: Readonly<Usage>;
  /** The effective budget (undefined: none). */
  readonly limits: Readonly<Budget> | undefined;
  /** What is left of each limit that is set. */
  readonly remaining: BudgetLimits | undefined;
  /**
   * Whether the thread's usage is being counted: a budget is set, or something
   * was charged or recorded (in this run or before it, on this branch).
   */
  readonly counting: boolean;
  /**
   * Before spending: refuses when `used + delta` would cross a count limit
   * (modelCalls, toolCalls), or when a tokens, costUsd or wallMs limit is
   * already reached (those amounts are known only after spending); then adds `delta`.
   */
  charge(delta: UsageDelta): void;
  /** After spending (tokens and cost a model reported): adds `delta`, without a check. */
  record(delta: UsageDelta): void;
}

export const LIMIT_NAMES: readonly BudgetLimitName[] = Object.freeze(['tokens', 'costUsd', 'modelCalls', 'toolCalls', 'wallMs']);

export const USAGE_FIELDS = Object.freeze([
  'tokens',
  'inputTokens',
  'outputTokens',
  'costUsd',
  'modelCalls',
  'toolCalls',
  'wallMs',
] as const);

/**
 * Why `budget` is not a budget, or undefined: a limit of 0, below 0, NaN or
 * infinite, a key that is no limit, an onExceeded that is neither 'error'
 * nor 'interrupt'. `partial`: a resume value's limits (no onExceeded).
 *
 * @example
 * budgetProblem({ tokens: 0 }); // 'tokens must be a finite number above 0, not 0; leave it out for no limit'
 */
export function budgetProblem(budget: unknown, partial = false): string | undefined {
  if (budget === null || typeof budget !== 'object' || Array.isArray(budget))
    return 'a budget is an object of limits, e.g. { tokens: 10_000, costUsd: 0.5 }';
  for (const [key, value] of Object.entries(budget)) {
    if (key === 'onExceeded' && !partial) {
      if (value !== undefined && value !== 'error' && value !== 'interrupt')
        return `onExceeded must be 'error' or 'interrupt', not ${JSON.stringify(value)}`;
      continue;
    }
    if (!(LIMIT_NAMES as readonly string[]).includes(key))
      return `"${key}" is not a budget limit (limits: ${LIMIT_NAMES.join(', ')}${partial ? '' : ', and onExceeded'})`;
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > Number.MAX_SAFE_INTEGER)
      return `${key} must be a finite number above 0, not ${typeof value === 'number' ? String(value) : JSON.stringify(value)}; leave it out for no limit`;
  }
  return undefined;
}

/**
 * A budget checked at definition: BUDGET_INVALID, naming where it was given, when it is not one.
 *
 * @example
 * const budget = checkBudget(options.budget, 'myRunner()'); // Budget | undefined
 */
export function checkBudget(budget: unknown, where: string): Budget | undefined {
  if (budget === undefined) return undefined;
  const problem = budgetProblem(budget);
  if (problem) throw new WeftError('BUDGET_INVALID', `${where}: budget is invalid: ${problem}`, { details: { budget } });
  return budget as Budget;
}

/**
 * Later budgets over earlier ones, field by field; undefined when none sets anything.
 *
 * @example
 * mergeBudgets({ tokens: 1000, modelCalls: 5 }, { modelCalls: 10 }); // { tokens: 1000, modelCalls: 10 }
 */
export function mergeBudgets(...budgets: (Budget | undefined)[]): Budget | undefined {
  let out: Budget | undefined;
  for (const b of budgets) {
    if (!b) continue;
    for (const [key, value] of Object.entries(b)) if (value !== undefined) (out ??= {})[key as keyof Budget] = value as never;
  }
  return out;
}

/**
 * A thread's usage as a checkpoint keeps it (`getState(threadId).usage`,
 * `CheckpointView.usage`), with every field there: all zero for a checkpoint
 * that counted nothing (or was written before format version 5).
 *
 * @example
 * const { costUsd, modelCalls } = usageOf((await compiled.getState('chat-1')).usage);
 */
export function usageOf(record: Partial<Usage> | undefined): Usage {
  return { tokens: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, modelCalls: 0, toolCalls: 0, wallMs: 0, ...record };
}

/**
 * What is left of each limit `budget` sets after `used` (0 once spent);
 * dollars rounded to the nanodollar, so what is left of $0.50 after $0.03
 * reads 0.47, not 0.47000000000000003. Reads a checkpoint's records as they are.
 *
 * @example
 * remainingBudget({ tokens: 1000, costUsd: 0.5 }, { tokens: 400, costUsd: 0.03 }); // { tokens: 600, costUsd: 0.47 }
 */
export function remainingBudget(budget: BudgetLimits, used: Partial<Record<BudgetLimitName, number>> | undefined): BudgetLimits {
  const left: BudgetLimits = {};
  for (const name of LIMIT_NAMES) {
    const limit = budget[name];
    if (limit === undefined) continue;
    const rest = Math.max(0, limit - (used?.[name] ?? 0));
    left[name] = name === 'costUsd' ? Math.round(rest * 1e9) / 1e9 : rest;
  }
  return left;
}
