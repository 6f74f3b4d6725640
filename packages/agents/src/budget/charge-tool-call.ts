import type { BudgetContext } from '@weft/graph';
import { agentBudgetError } from './agent-budget-error.ts';

/** One tool call counted on the thread's budget before it runs (after its approval): refused, or interrupted, when the budget would be crossed. */
export function chargeToolCall(budget: BudgetContext, agent: string): void {
  try {
    budget.charge({ toolCalls: 1 });
  } catch (err) {
    throw agentBudgetError(err, agent);
  }
}
