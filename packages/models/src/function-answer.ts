import type { Message } from '@weft/chat-model';
import { checkAnswer, describeValue } from './check-answer.ts';
import { ModelError } from './errors.ts';
import type { ScriptAnswer } from './script-item.ts';

const MESSAGE_KEYS = ['role', 'content', 'toolCalls', 'usage', 'finishReason'];

/**
 * Turns what a function item returned into an answer item: an item is checked
 * like a script item, an assistant `Message` becomes `{ text, toolCalls, usage, finishReason }`.
 * A bad result fails the call with `SCRIPT_INVALID`.
 */
export function functionAnswer(model: string, result: unknown, callNumber: number, index: number): ScriptAnswer {
  const at = `the result of script[${index}]`;
  const issues: string[] = [];
  let answer = result;
  if (typeof result === 'object' && result !== null && 'role' in result) {
    answer = messageToAnswer(result as Partial<Message>, at, issues);
  }
  if (!issues.length) checkAnswer(answer, at, issues);
  if (issues.length) {
    const lines = issues.map((line) => `  - ${line}`).join('\n');
    throw new ModelError('SCRIPT_INVALID', `scripted model "${model}" got an invalid answer for call ${callNumber}:\n${lines}`, {
      details: { callNumber, index, issues },
    });
  }
  return answer as ScriptAnswer;
}

function messageToAnswer(message: Partial<Message>, at: string, issues: string[]): unknown {
  if (message.role !== 'assistant')
    issues.push(`${at} is a message with role ${describeValue(message.role)}; a model answers as "assistant"`);
  if (typeof message.content !== 'string') issues.push(`${at}.content must be a string, got ${describeValue(message.content)}`);
  const unknown = Object.entries(message)
    .filter(([k, v]) => v !== undefined && !MESSAGE_KEYS.includes(k))
    .map(([k]) => k);
  if (unknown.length) issues.push(`${at} has keys an assistant answer cannot have: ${unknown.join(', ')}`);
  const answer: Record<string, unknown> = { text: message.content };
  if (message.toolCalls !== undefined) answer['toolCalls'] = message.toolCalls;
  if (message.usage !== undefined) answer['usage'] = message.usage;
  if (message.finishReason !== undefined) answer['finishReason'] = message.finishReason;
  return answer;
}
