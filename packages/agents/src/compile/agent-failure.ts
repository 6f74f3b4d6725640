import { errorToJSON, retryableOf, type NodeContext } from '@weft/graph';
import { AgentError, type AgentErrorCode } from '../errors.ts';
import type { AgentRunState } from './agent-run-state.ts';
import { emitAgentEvent } from './emit-agent-event.ts';

/**
 * Fails an agent's model step: emits the agent's error event now (with the
 * agent's RunPath, while its siblings may go on) and throws the error. The
 * model node stops only its own branch (`onError: 'stop-branch'`): the run
 * ends with status 'error' once nothing else can run, and resuming the thread
 * calls the model again. The error keeps the `retryable` flag of what it
 * wraps, so a retry policy does not call a model again after its 401.
 */
export function failAgent(
  ctx: NodeContext<AgentRunState>,
  agentName: string,
  runPath: string[],
  error: unknown,
  code: AgentErrorCode = 'MODEL_FAILED',
): never {
  const message = `agent "${agentName}": ${error instanceof Error ? error.message : String(error)}`;
  const err = error instanceof AgentError ? error : new AgentError(code, message, { cause: error, retryable: retryableOf(error) });
  emitAgentEvent(ctx, { type: 'error', agentName, runPath, error: errorToJSON(err) });
  throw err;
}
