import type { AgentEvent } from '@weft/agents';
import { textOf, type Message } from '@weft/chat-model';
import type { ToolCallStep, TrajectoryStep } from './trajectory-step.ts';

const TRANSFER_TOOL = 'transfer_to_agent';

/**
 * What a run did, read from its agent events (every run of a case, in
 * order): each tool call with its parsed arguments, and each transfer. A
 * call's result joins its step when the tool answers, also in a later run (a
 * call approved on resume); an interrupted or rejected-before-running call
 * keeps no result. The transfer tool's calls are transfers, not tool calls.
 *
 * @example
 * const steps = trajectoryOf(result.events); // [{ type: 'transfer', from: 'Coordinator', to: 'Billing' }, { type: 'tool', tool: 'refund', … }]
 */
export function trajectoryOf(events: readonly AgentEvent[]): TrajectoryStep[] {
  const steps: TrajectoryStep[] = [];
  const calls = new Map<string, { step?: ToolCallStep; args: unknown }>();
  for (const event of events) {
    switch (event.type) {
      case 'message':
        for (const call of event.output.message.toolCalls ?? []) {
          const args = parseArguments(call.arguments);
          if (call.name === TRANSFER_TOOL) {
            calls.set(call.id, { args });
            continue;
          }
          const step: ToolCallStep = { type: 'tool', agent: event.agentName, tool: call.name, args };
          steps.push(step);
          calls.set(call.id, { step, args });
        }
        break;
      case 'tool-result':
      case 'exit':
      case 'break':
        settle(calls.get(event.output.message.toolCallId ?? '')?.step, event.output.message, event.error?.message);
        break;
      case 'transfer': {
        const args = calls.get(event.output.message.toolCallId ?? '')?.args;
        const reason = isRecord(args) && typeof args['reason'] === 'string' ? args['reason'] : undefined;
        const to = event.action.transferToAgent.destAgentName;
        steps.push(
          reason === undefined ? { type: 'transfer', from: event.agentName, to } : { type: 'transfer', from: event.agentName, to, reason },
        );
        break;
      }
      default:
        break;
    }
  }
  return steps;
}

function settle(step: ToolCallStep | undefined, message: Message, error: string | undefined): void {
  if (step === undefined) return;
  step.result = textOf(message);
  if (error !== undefined) step.error = error;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
