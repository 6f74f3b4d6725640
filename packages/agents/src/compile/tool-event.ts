import { toolMessage } from '@weft/chat-model';
import type { AgentEvent } from '../agents/agent-event.ts';
import type { ToolOutcome } from './tool-outcome.ts';

/**
 * The event of one tool call's result: a transfer, an exit, a loop break or a
 * plain tool result (with the tool's error when it failed), by what the call did.
 */
export function toolEvent(agentName: string, runPath: string[], outcome: ToolOutcome): AgentEvent {
  const base = {
    agentName,
    runPath,
    output: { message: toolMessage(outcome.content, outcome.callId, outcome.name), role: 'tool' as const, toolName: outcome.name },
  };
  const error = outcome.error ? { error: outcome.error } : {};
  if (outcome.action === 'transfer') return { type: 'transfer', ...base, action: { transferToAgent: { destAgentName: outcome.target! } } };
  if (outcome.action === 'exit') return { type: 'exit', ...base, action: { exit: true } };
  if (outcome.breakLoop) return { type: 'break', ...base, action: { breakLoop: true }, ...error };
  return { type: 'tool-result', ...base, ...error };
}
