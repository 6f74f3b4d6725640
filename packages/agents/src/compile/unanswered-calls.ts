import { toolMessage } from '@weft/chat-model';
import type { RecordedEvent } from '../history/recorded-event.ts';
import type { Lane } from './agent-run-state.ts';

/** The result a tool call gets when a new input arrived before it ran. */
export const NOT_RUN_RESULT = 'This tool call was not run: a new message arrived before it ran.';

/**
 * Results for the tool calls a lane's last model turn left unanswered: a run
 * stopped between its model step and its tools step (multitask 'interrupt'
 * or 'rollback'), or a new run started on a thread paused at a tool's
 * approval. Providers refuse a history with an assistant tool call and no
 * result for it, so a new run records one per such call, saying it was not
 * run, before its input. Reads from the newest event back to the last
 * assistant message: a lane whose last event is a final answer costs one look.
 */
export function unansweredCalls(lane: Lane): RecordedEvent[] {
  let answered: Set<string> | undefined;
  for (let c = lane.events.length - 1; c >= 0; c--) {
    const chunk = lane.events[c]!;
    for (let i = chunk.length - 1; i >= 0; i--) {
      const { message, agentName, runPath } = chunk[i]!;
      if (message.role === 'tool') {
        if (message.toolCallId !== undefined) (answered ??= new Set()).add(message.toolCallId);
        continue;
      }
      if (message.role !== 'assistant' || !message.toolCalls?.length) return [];
      return message.toolCalls
        .filter((call) => !answered?.has(call.id))
        .map((call) => ({ agentName, runPath, message: toolMessage(NOT_RUN_RESULT, call.id, call.name) }));
    }
  }
  return [];
}
