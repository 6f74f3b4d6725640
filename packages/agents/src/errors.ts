import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/agents raises; check `err.code`. */
export type AgentErrorCode =
  | 'INVALID_ARGUMENT'
  | 'AGENT_TREE_INVALID'
  | 'TOOL_DEFINITION_INVALID'
  | 'TOOL_ARGUMENTS_INVALID'
  | 'TOOL_NOT_FOUND'
  | 'TOOL_FAILED'
  | 'TOOL_UNAVAILABLE'
  | 'TRANSFER_TARGET_INVALID'
  | 'MAX_ITERATIONS_EXCEEDED'
  | 'INSTRUCTION_KEY_MISSING'
  | 'MODEL_FAILED'
  | 'MODEL_OUTPUT_INVALID'
  | 'OUTPUT_INVALID';

export class AgentError extends WeftError<AgentErrorCode> {
  override readonly name: string = 'AgentError';
}
