import { WeftError, type WeftErrorOptions } from '@weft/graph';

/** Codes of the errors @weft/agents raises; check `err.code`. */
export type AgentErrorCode =
  | 'INVALID_ARGUMENT'
  /** toRunTarget(): a graph compiled with another store than the host's (its getState() would read elsewhere). */
  | 'RUN_TARGET_STORE'
  | 'AGENT_TREE_INVALID'
  | 'TOOL_DEFINITION_INVALID'
  | 'TOOL_ARGUMENTS_INVALID'
  | 'TOOL_NOT_FOUND'
  | 'TOOL_FAILED'
  | 'TOOL_UNAVAILABLE'
  /** A tool's result is larger than its `maxResultBytes` (or the agent's `maxToolResultBytes`). */
  | 'TOOL_RESULT_TOO_LARGE'
  | 'TRANSFER_TARGET_INVALID'
  | 'MAX_ITERATIONS_EXCEEDED'
  | 'INSTRUCTION_KEY_MISSING'
  | 'MODEL_FAILED'
  /** One model call went over a `modelCallLimits` bound (chunks, bytes or time); `details.limit` says which. */
  | 'MODEL_OUTPUT_LIMIT'
  | 'MODEL_OUTPUT_INVALID'
  | 'OUTPUT_INVALID'
  // Guardrails (guardrails/): a check said no, a check threw, a guardrail was defined wrong.
  | 'GUARDRAIL_TRIPPED'
  | 'GUARDRAIL_FAILED'
  | 'GUARDRAIL_INVALID'
  // Budgets (budget/): a model or tool call the thread's budget refuses; a costUsd budget with a model that has no price.
  | 'BUDGET_EXCEEDED'
  | 'PRICE_MISSING';

/**
 * Codes whose failure a retry cannot mend: a model that streamed past a limit
 * once does it again, and a tool's oversized result is the same next time.
 * The raiser may still say otherwise; every other code leaves the flag unset
 * (MODEL_FAILED carries the flag of the model's own error).
 */
const NOT_RETRYABLE: ReadonlySet<AgentErrorCode> = new Set(['MODEL_OUTPUT_LIMIT', 'TOOL_RESULT_TOO_LARGE']);

export class AgentError extends WeftError<AgentErrorCode> {
  override readonly name: string = 'AgentError';

  constructor(code: AgentErrorCode, message: string, options: WeftErrorOptions = {}) {
    super(code, message, { ...options, retryable: options.retryable ?? (NOT_RETRYABLE.has(code) ? false : undefined) });
  }
}
