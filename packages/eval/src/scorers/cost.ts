import type { CaseBudget } from '../define/eval-case.ts';
import { EvalError } from '../errors.ts';
import type { CaseUsage, Scorer } from './scorer.ts';
import { showValue } from './show-value.ts';

export interface CostOptions {
  /** The limits, over each case's `budget`. */
  budget?: CaseBudget;
}

/** One limit of a budget, as the details list it. */
export interface CostLimit {
  limit: keyof CaseBudget;
  max: number;
  actual: number;
  within: boolean;
}

/** Each budget limit and the part of the usage it bounds. */
const LIMITS: readonly { limit: keyof CaseBudget; usage: keyof CaseUsage; unit: string }[] = [
  { limit: 'steps', usage: 'steps', unit: 'steps' },
  { limit: 'tokens', usage: 'totalTokens', unit: 'tokens' },
  { limit: 'modelCalls', usage: 'modelCalls', unit: 'model calls' },
  { limit: 'wallMs', usage: 'durationMs', unit: 'ms' },
];

/**
 * Checks what the case spent (`run.usage`) against a budget (`budget`, else
 * the case's `budget`; a case without one is skipped): steps, tokens (input
 * plus output), model calls, and wall time (`wallMs` against the case's
 * duration). Score: 1 within every limit, else the smallest limit ÷ actual
 * over the limits passed (twice the tokens allowed scores 0.5). The details
 * list each limit with what was spent.
 *
 * @example
 * scorers: { cost: cost({ budget: { tokens: 4_000, modelCalls: 6 } }) }
 */
export function cost(options: CostOptions = {}): Scorer {
  const fixed = checkOptions(options).budget;
  return {
    name: 'cost',
    score(run) {
      const budget = fixed ?? run.case.budget;
      if (budget === undefined) return null;
      const limits: CostLimit[] = [];
      for (const { limit, usage } of LIMITS) {
        const max = budget[limit];
        if (max !== undefined) limits.push({ limit, max, actual: run.usage[usage], within: run.usage[usage] <= max });
      }
      if (limits.length === 0) return null;
      const over = limits.filter((l) => !l.within);
      if (over.length === 0) return { score: 1, pass: true, reason: `within budget: ${limits.map(spent).join(', ')}`, details: { limits } };
      const score = Math.min(...over.map((l) => l.max / l.actual));
      return { score, pass: false, reason: `over budget: ${over.map(spent).join(', ')}`, details: { limits } };
    },
  };
}

function spent({ limit, max, actual }: CostLimit): string {
  const unit = LIMITS.find((l) => l.limit === limit)?.unit ?? limit;
  return `${actual} of ${max} ${unit}`;
}

function checkOptions(options: CostOptions): CostOptions {
  const fail = (message: string) => new EvalError('INVALID_ARGUMENT', `cost(): ${message}`);
  if (options === null || typeof options !== 'object') throw fail(`options must be an object ({ budget? }), got ${showValue(options)}`);
  const { budget } = options;
  if (budget === undefined) return options;
  if (budget === null || typeof budget !== 'object')
    throw fail(`budget must be an object ({ steps?, tokens?, modelCalls?, wallMs? }), got ${showValue(budget)}`);
  for (const key of Object.keys(budget)) {
    const value: unknown = budget[key as keyof CaseBudget];
    if (!LIMITS.some((l) => l.limit === key)) throw fail(`budget has an unknown limit ${key} (limits: steps, tokens, modelCalls, wallMs)`);
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
      throw fail(`budget.${key} must be a finite number of 0 or more, got ${showValue(value)}`);
    }
  }
  return options;
}
