import { WeftError } from '@weft/graph';
import { AgentError } from '../errors.ts';

/** A guardrail's failure from @weft/graph's applyGuardrails, as this package's error (same code, message and details). */
export function agentGuardrailError(err: unknown): unknown {
  if (err instanceof AgentError || !(err instanceof WeftError)) return err;
  if (err.code !== 'GUARDRAIL_TRIPPED' && err.code !== 'GUARDRAIL_FAILED') return err;
  return new AgentError(err.code, err.message, { cause: err.cause, details: err.details, retryable: err.retryable });
}
