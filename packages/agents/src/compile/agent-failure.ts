import { errorToJSON, type NodeContext } from '@weft/graph';
import type { Draft } from 'immer';
import { AgentError, type AgentErrorCode } from '../errors.ts';
import type { AgentRunState } from './agent-run-state.ts';
import { emitAgentEvent } from './emit-agent-event.ts';

/** Records an agent's failure: an error event, and `failed` in the run state (the run's status becomes 'error'). */
export function failAgent(
  ctx: NodeContext<AgentRunState>,
  agentName: string,
  runPath: string[],
  error: unknown,
  code: AgentErrorCode = 'MODEL_FAILED',
): void {
  const err =
    error instanceof AgentError
      ? error
      : new AgentError(code, `agent "${agentName}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  const json = errorToJSON(err);
  ctx.update((d: Draft<AgentRunState>) => void (d.failed = json));
  emitAgentEvent(ctx, { agentName, runPath, error: json });
}
