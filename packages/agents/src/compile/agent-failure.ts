import { errorToJSON, type NodeContext } from '@weft/graph';
import { AgentError, type AgentErrorCode } from '../errors.ts';
import type { AgentRunState } from './agent-run-state.ts';
import { emitAgentEvent } from './emit-agent-event.ts';

/**
 * Fails an agent's model step: emits the agent's error event now (with the
 * agent's RunPath, while its siblings may go on) and throws the error. The
 * model node stops only its own branch (`onError: 'stop-branch'`): the run
 * ends with status 'error' once nothing else can run, and resuming the thread
 * calls the model again.
 */
export function failAgent(
  ctx: NodeContext<AgentRunState>,
  agentName: string,
  runPath: string[],
  error: unknown,
  code: AgentErrorCode = 'MODEL_FAILED',
): never {
  const err =
    error instanceof AgentError
      ? error
      : new AgentError(code, `agent "${agentName}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  emitAgentEvent(ctx, { type: 'error', agentName, runPath, error: errorToJSON(err) });
  throw err;
}
