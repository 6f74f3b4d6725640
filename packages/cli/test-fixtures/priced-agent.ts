/**
 * An agent whose model reports its token usage and the model that answered,
 * for `weft serve --prices`: a ChatModel written by hand, as a scripted
 * model's answers cannot say which model answered.
 */
import { chatModelAgent, textOf, type ChatModel, type Message } from '@weft/agents';

const answer: Message = {
  role: 'assistant',
  content: 'Four.',
  usage: { inputTokens: 1_000, outputTokens: 500 },
  finishReason: 'stop',
  response: { id: 'r1', model: 'tiny-1' },
};

const model: ChatModel = {
  name: 'tiny',
  generate: async () => answer,
  stream: async function* () {
    yield { content: textOf(answer), usage: answer.usage, finishReason: answer.finishReason, response: answer.response };
  },
};

export const agent = chatModelAgent({ name: 'Pricer', description: 'Answers in one call.', instruction: 'Answer briefly.', model });
