import type { Span } from '@opentelemetry/api';
import type { Budget, BudgetInterruptInfo, BudgetLimitName, GraphEvent, RunResult, Usage } from '@weft/graph';

/** Each usage field and budget limit with the snake_case word its attributes use. */
const USAGE_WORDS = {
  tokens: 'tokens',
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
  costUsd: 'cost_usd',
  modelCalls: 'model_calls',
  toolCalls: 'tool_calls',
  wallMs: 'wall_ms',
} as const satisfies Record<keyof Omit<Usage, 'estimated'>, string>;

const LIMITS = ['tokens', 'costUsd', 'modelCalls', 'toolCalls', 'wallMs'] as const satisfies readonly BudgetLimitName[];
const COUNTED = ['tokens', 'costUsd', 'modelCalls', 'toolCalls'] as const;

/**
 * A run's usage and budget as its span shows them: the thread's count after
 * the run (`weft.usage.*`, what the branch spent so far, this run
 * included), its budget (`weft.budget.*`) and what is left of each limit
 * (`weft.budget.remaining.*`). The budget comes from what the run reported:
 * the last `step.end` with usage, a budget interrupt, or a BUDGET_EXCEEDED
 * error; a budget interrupt is also an event on the span. A run that counted
 * nothing and had no budget gets none of these attributes.
 */
export class RunUsage {
  #budget: Budget | undefined;
  #counted = false;

  event(e: GraphEvent): void {
    if (e.type === 'step.end') {
      if (!e.usage) return;
      this.#counted = true;
      if (e.usage.budget) this.#budget = e.usage.budget;
    }
  }

  /** A budget interrupt among the run's interrupts: an event on the run's span with what was crossed. */
  interrupt(span: Span, e: Extract<GraphEvent, { type: 'interrupt' }>): void {
    for (const i of e.interrupts) {
      const info = i.info as Partial<BudgetInterruptInfo> | undefined;
      if (info?.type !== 'budget' || !info.budget || !info.used) continue;
      this.#budget = info.budget;
      this.#counted = true;
      span.addEvent('weft.budget.interrupt', {
        'weft.interrupt.id': i.id,
        'weft.budget.exceeded': info.exceeded ?? [],
        ...usageAttributes(info.used),
        ...budgetAttributes(info.budget, info.used),
      });
    }
  }

  /** Sets the attributes on the run's span once the run ended. */
  end(span: Span, result: RunResult<unknown, unknown>): void {
    const details = result.status === 'error' ? (result.error as { code?: unknown; details?: unknown }) : undefined;
    if (details?.code === 'BUDGET_EXCEEDED') {
      const budget = (details.details as { budget?: Budget } | undefined)?.budget;
      if (budget) this.#budget = budget;
      this.#counted = true;
    }
    const used = result.usage;
    // Running time is always measured; a run that charged nothing and had no budget counted nothing.
    if (!this.#counted && !this.#budget && !COUNTED.some((name) => used[name] > 0)) return;
    span.setAttributes(usageAttributes(used));
    if (this.#budget) span.setAttributes(budgetAttributes(this.#budget, used));
  }
}

function usageAttributes(used: Usage): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const [field, word] of Object.entries(USAGE_WORDS)) out[`weft.usage.${word}`] = used[field as keyof typeof USAGE_WORDS];
  if (used.estimated) out['weft.usage.estimated'] = true;
  return out;
}

function budgetAttributes(budget: Budget, used: Usage): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const name of LIMITS) {
    const limit = budget[name];
    if (limit === undefined) continue;
    out[`weft.budget.${USAGE_WORDS[name]}`] = limit;
    const left = Math.max(0, limit - used[name]);
    // Dollars as decimals: 0.5 - 0.03 is 0.47000000000000003 in binary floating point.
    out[`weft.budget.remaining.${USAGE_WORDS[name]}`] = name === 'costUsd' ? Math.round(left * 1e9) / 1e9 : left;
  }
  out['weft.budget.on_exceeded'] = budget.onExceeded ?? 'error';
  return out;
}
