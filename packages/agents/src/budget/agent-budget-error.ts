import { WeftError } from '@weft/graph';
import { AgentError } from '../errors.ts';

/**
 * BUDGET_EXCEEDED from the thread's ledger as the agent's own error, naming
 * the agent (its details are the ledger's: budget, used, exceeded); anything
 * else, a budget interrupt included, passes through unchanged.
 */
export function agentBudgetError(err: unknown, agent: string): unknown {
  if (!(err instanceof WeftError) || err.code !== 'BUDGET_EXCEEDED' || err instanceof AgentError) return err;
  return new AgentError('BUDGET_EXCEEDED', `agent "${agent}": ${err.message}`, { cause: err, details: err.details, retryable: false });
}
