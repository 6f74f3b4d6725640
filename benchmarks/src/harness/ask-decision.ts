/**
 * The fake model of the agent-based interrupt-resume cycles (ADK's LlmAgent
 * with a long-running tool, the OpenAI SDK with an approval-gated tool): with
 * no answer from the `ask` tool in the history it calls `ask({ question })`,
 * which pauses the run; once the answer is in, it replies with that answer.
 * Stateless: the decision comes from the history the framework sends it.
 */
import { QUESTION } from './stateful-work.ts';

export const ASK_TOOL = 'ask';
export const ASK_DESCRIPTION = 'Asks the human a question and returns their answer.';

export type AskDecision = { ask: string } | { answer: string };

export const askDecision = (toolAnswer: string | undefined): AskDecision =>
  toolAnswer === undefined ? { ask: QUESTION } : { answer: toolAnswer };
