import type { BaseLlm, Event, RunnableRoot } from '@google/adk';
import { TurnTimer, checkTurn, turnAnswer, turnInput } from '../harness/stateful-work.ts';
import type { Run } from '../harness/types.ts';
import { AdkConversation, textParts } from './adk-conversation.ts';
import { FakeLlm, textContent } from './adk-fake-llm.ts';

/**
 * The growing-history run for either ADK API: one session messaged turn after
 * turn. `root` builds what the runner runs around the fake model (an LlmAgent,
 * or a Workflow holding one); `answerOf` reads a turn's answer from its events.
 * The model counts the user turns it was sent, and every turn checks it saw the
 * whole history.
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
  const timer = new TurnTimer();
  const run: Run = async () => {
    const sessionId = await chat.open();
    for (let k = 1; k <= turns; k++) {
      await timer.turn(async () => {
        const events = await chat.send(sessionId, textParts(turnInput(k)));
        checkTurn(label, k, answerOf(events), seen);
      });
    }
    timer.endRun();
  };
  run.reset = () => chat.closeAll();
  Object.defineProperty(run, 'summary', { get: () => timer.summary() });
  return run;
}
