import { budgetExceeded, WeftError, type Budget, type BudgetContext, type BudgetLimitName, type GuardrailContext } from '@weft/graph';
import type { PriceTable } from '@weft/chat-model';
import { agentBudgetError } from '../budget/agent-budget-error.ts';
import { priceMissing } from '../budget/price-missing.ts';
import { unpricedModels } from '../budget/unpriced-models.ts';
import type { AgentRunResult } from '../runner/agent-run-result.ts';
import type { Runner } from '../runner/runner.ts';

/**
 * One run of a judge agent on behalf of a checked run, counted on that run's
 * ledger (`ctx.budget`) and held to what is left of it; `checked` names the
 * agent or node being checked in a budget error.
 *
 * With a budget, the judge's first model call is charged on the checked
 * run's ledger before the judge starts, so a spent budget stops the checked
 * run itself (BUDGET_EXCEEDED, or its budget interrupt with onExceeded
 * 'interrupt'), before the judge spends anything. The judge then runs with
 * what is left (that first call given back to it), and stops with
 * BUDGET_EXCEEDED rather than ask: an interrupt inside the judge's own run
 * could not be answered. Afterwards what it spent is recorded (not charged:
 * its run enforced the limits), less the first call charged already, and
 * without its running time, which the checked run's clock already counts.
 * Nothing is counted twice, and a judge stopped by the budget still has what
 * it spent counted.
 */
export async function judgeAgentRun(
  runner: Runner,
  prices: PriceTable | undefined,
  text: string,
  ctx: GuardrailContext,
  checked: string,
): Promise<AgentRunResult> {
  const ledger = ctx.budget;
  if (ledger?.limits === undefined) {
    const result = await runner.query(text, { signal: ctx.signal });
    if (ledger) recordSpent(ledger, result, 0);
    return result;
  }
  // Before the first call is charged: a judge that cannot start must not leave a call counted that was never made.
  if (ledger.limits.costUsd !== undefined) {
    const unpriced = unpricedModels(runner.graph.toJSON(), prices);
    if (unpriced.length) throw priceMissing(unpriced, 'judgeGuardrail');
  }
  try {
    ledger.charge({ modelCalls: 1 });
  } catch (err) {
    throw agentBudgetError(err, checked);
  }
  const result = await runner.query(text, { signal: ctx.signal, budget: judgeBudget(ledger) });
  recordSpent(ledger, result, 1);
  if (result.status === 'error' && result.error?.code === 'BUDGET_EXCEEDED') {
    const exceeded = ((result.error.details as { exceeded?: BudgetLimitName[] } | undefined)?.exceeded ?? []).filter(
      (name) => ledger.limits?.[name] !== undefined,
    );
    // The checked run's budget is what was crossed: said in its terms (its limits, its usage).
    const err = budgetExceeded(ledger.limits ?? {}, { ...ledger.used }, exceeded);
    throw agentBudgetError(
      new WeftError('BUDGET_EXCEEDED', `the judge agent: ${err.message}`, { details: err.details, cause: result.error }),
      checked,
    );
  }
  return result;
}

/**
 * What is left of the checked run's budget, as the judge's own budget: its
 * first model call (charged already) given back, and a count limit with
 * nothing left (a toolCalls limit reached) as the smallest limit there is,
 * so that the judge's first tool call is refused (a budget of 0 is no budget).
 */
function judgeBudget(ledger: BudgetContext): Budget {
  const budget: Budget = { onExceeded: 'error' };
  for (const [name, left] of Object.entries(ledger.remaining ?? {}) as [BudgetLimitName, number][])
    budget[name] = name === 'modelCalls' ? left + 1 : left > 0 ? left : Number.MIN_VALUE;
  return budget;
}

/** Records what the judge's run spent (but its running time), less `charged` model calls counted before it. */
function recordSpent(ledger: BudgetContext, result: AgentRunResult, charged: number): void {
  const { tokens, inputTokens, outputTokens, costUsd, modelCalls, toolCalls, estimated } = result.usage;
  const delta = { tokens, inputTokens, outputTokens, costUsd, modelCalls: Math.max(0, modelCalls - charged), toolCalls };
  // A run without a budget whose judge reported nothing stays uncounted (its checkpoints carry no usage).
  if (!Object.values(delta).some((v) => v > 0) && !estimated) return;
  ledger.record(estimated ? { ...delta, estimated } : delta);
}
