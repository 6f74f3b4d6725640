import type { BaseLlm, Event, RunnableRoot } from '@google/adk';
import { conversationRun, turnAnswer, turnInput } from '../harness/stateful-work.ts';
import type { Run } from '../harness/types.ts';
import { AdkConversation, textParts } from './adk-conversation.ts';
import { FakeLlm, textContent } from './adk-fake-llm.ts';

/**
 * The growing-history run for either ADK API: one session messaged turn after
 * turn. `root` builds what the runner runs around the fake model (an LlmAgent,
 * or a Workflow holding one); `answerOf` reads a turn's answer from its events.
 * The model counts the user turns it was sent; conversationRun checks each
 * answer and that the model saw the whole history.
 */
export function adkGrowingHistory(
  label: string,
  turns: number,
  root: (model: BaseLlm) => RunnableRoot,
  answerOf: (events: Event[]) => string | undefined,
): Run {
  let seen = 0;
  const model = new FakeLlm((request) => {
    seen = request.contents.length;
    return textContent(turnAnswer(request.contents.filter((c) => c.role === 'user').length));
  });
  const chat = new AdkConversation(root(model));
  const run = conversationRun(label, turns, {
    begin: () => chat.open(),
    turn: async (sessionId, k) => ({ answer: answerOf(await chat.send(sessionId, textParts(turnInput(k)))), seen }),
  });
  // Sessions are deleted together; the harness calls reset between samples.
  run.reset = () => chat.closeAll();
  return run;
}
