import { chatModelAgent, type Agent } from '@weft/agents';
import { scriptedModel } from '@weft/models';

/** The user message every row sends. */
export const QUESTION = 'When does my order ship?';

/** The text every row's answer must be, checked on every message. */
export const ANSWER = 'Your order ships on Monday.';

/**
 * The agent every Weft row runs: one model call answering {@link ANSWER}.
 * `repeatLast` answers every call the same and `record: false` keeps no call
 * log, so the thousandth message does the same work as the first.
 */
export function answerAgent(): Agent {
  const model = scriptedModel([{ text: ANSWER }], { name: 'bench-model', repeatLast: true, record: false });
  return chatModelAgent({ name: 'Helper', description: 'Answers with one fixed line', model });
}
