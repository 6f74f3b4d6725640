import type { Message } from '@weft/chat-model';
import { MAIN_LANE, type AgentRunState } from '../compile/agent-run-state.ts';
import { turnEnd } from '../compile/turn-end.ts';
import type { RecordedEvent } from '../history/recorded-event.ts';

/** The message that ended a run, and the agent that wrote it. */
export interface FinalMessage {
  agentName: string;
  message: Message;
}

/**
 * The message that ended a done run, read from the thread's main history
 * (the one place it is decided, so a resume that had nothing left to run
 * finds the same one): the last entry that ended an agent, which is an
 * answer without tool calls, or the tool result that ended its turn (the
 * turn's first exit, else its first return-directly result; see turnEnd).
 * After a parallel agent, its children's histories follow each other in
 * child order, so it is the last child's.
 */
export function finalAnswer(state: AgentRunState): FinalMessage | undefined {
  const events = backwards(state);
  for (let next = events.next(); !next.done;) {
    const e = next.value;
    if (e.message.role === 'assistant' && !e.message.toolCalls?.length && !e.transfer)
      return { agentName: e.agentName, message: e.message };
    if (e.message.role !== 'tool') {
      next = events.next();
      continue;
    }
    // A turn's results, read back to front: gather them all, then the turn's own rule says which one ended it.
    const turn: RecordedEvent[] = [e];
    for (
      next = events.next();
      !next.done && next.value.message.role === 'tool' && next.value.agentName === e.agentName;
      next = events.next()
    )
      turn.push(next.value);
    if (!turn.some((r) => r.ends)) continue;
    const end = turnEnd(turn.reverse());
    if (end.kind === 'exit' || end.kind === 'returnDirectly') return { agentName: end.result.agentName, message: end.result.message };
  }
  return undefined;
}

/** The main lane's events, newest first, without copying its chunks. */
function* backwards(state: AgentRunState): Generator<RecordedEvent> {
  const chunks = state.lanes[MAIN_LANE]?.events ?? [];
  for (let c = chunks.length - 1; c >= 0; c--) {
    const chunk = chunks[c]!;
    for (let i = chunk.length - 1; i >= 0; i--) yield chunk[i]!;
  }
}
