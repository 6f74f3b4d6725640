/**
 * Google ADK stateful shapes with the agents API: one `LlmAgent` (fake
 * `BaseLlm`) as the InMemoryRunner's root, its session the only store.
 * interrupt-resume: the human-in-the-loop pattern for agents, a
 * `LongRunningFunctionTool` whose function returns nothing, which ends the run
 * on the call; the client resumes by sending a functionResponse with the
 * call's id and the value, and the model answers with it. growing-history:
 * the same session messaged turn after turn; the agent reads its history.
 */
import { LlmAgent, LongRunningFunctionTool } from '@google/adk';
import type { Event, LlmRequest } from '@google/adk';
import { z } from 'zod';
import { ASK_DESCRIPTION, ASK_TOOL, askDecision } from '../harness/ask-decision.ts';
import { APPROVAL, QUESTION } from '../harness/stateful-work.ts';
import type { Factory, Run } from '../harness/types.ts';
import { check } from '../harness/work.ts';
import { AdkConversation, replyParts, textParts } from './adk-conversation.ts';
import { adkGrowingHistory } from './adk-growing-history.ts';
import { FakeLlm, callContent, finalTexts, textContent } from './adk-fake-llm.ts';

/** The `ask` tool's answer if the client already sent it (a functionResponse in the request). */
function askAnswer(request: LlmRequest): string | undefined {
  for (const c of request.contents)
    for (const p of c.parts ?? []) if (p.functionResponse?.name === ASK_TOOL) return String(p.functionResponse.response?.['result']);
  return undefined;
}

/** The paused call: the last event's long-running function call. */
function pausedCall(events: readonly Event[]) {
  const last = events.at(-1);
  const call = last?.content?.parts?.find((p) => p.functionCall)?.functionCall;
  return { call, longRunning: last?.longRunningToolIds ?? [] };
}

export const interruptResume: Factory = async (cycles) => {
  let executions = 0;
  let modelCalls = 0;
  // Returning nothing is what marks the call pending: no functionResponse
  // event, so the run ends on the call, marked in `longRunningToolIds`.
  const ask = new LongRunningFunctionTool({
    name: ASK_TOOL,
    description: ASK_DESCRIPTION,
    parameters: z.object({ question: z.string() }),
    execute: () => {
      executions++;
      return undefined;
    },
  });
  const model = new FakeLlm((request) => {
    modelCalls++;
    const d = askDecision(askAnswer(request));
    return 'ask' in d ? callContent(ASK_TOOL, { question: d.ask }, 'ask1') : textContent(d.answer);
  });
  const chat = new AdkConversation(new LlmAgent({ name: 'hitl', description: 'asks the human', model, tools: [ask] }));
  const run: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      executions = 0;
      modelCalls = 0;
      const sessionId = await chat.open();
      const { call, longRunning } = pausedCall(await chat.send(sessionId, textParts('go')));
      check('adk-agents paused on a long-running call', longRunning.length === 1 && longRunning[0] === call?.id, true);
      check('adk-agents interrupt tool', call?.name, ASK_TOOL);
      check('adk-agents interrupt info', call?.args?.['question'], QUESTION);
      const done = await chat.send(sessionId, replyParts(call?.id ?? '', ASK_TOOL, APPROVAL));
      check('adk-agents resume output', finalTexts(done).at(-1)?.text, APPROVAL);
      check('adk-agents ask executions', executions, 1);
      check('adk-agents model calls', modelCalls, 2);
    }
  };
  run.reset = () => chat.closeAll();
  return run;
};

export const growingHistory: Factory = async (turns) =>
  adkGrowingHistory(
    'adk-agents',
    turns,
    (model) => new LlmAgent({ name: 'chat', description: 'chats', model }),
    (events) => finalTexts(events).at(-1)?.text,
  );
