import type { ContentPart, Message, ToolCall } from '@weft/chat-model';
import type { ScriptAnswer, ScriptedToolCall } from './script-item.ts';

/** An answer item that produces a message (everything but `{ error }`). */
export type MessageAnswer = Exclude<ScriptAnswer, { error: Error }>;

/**
 * The assistant message an answer item stands for. Built fresh on every call,
 * so a caller that mutates it cannot change later answers (`repeatLast`).
 * Missing tool-call ids are `call_<callNumber>_<index>`: stable across runs.
 */
export function toMessage(answer: MessageAnswer, callNumber: number): Message {
  const message: Message = { role: 'assistant', content: contentOf(answer) };
  const calls = ('toolCalls' in answer ? answer.toolCalls : undefined) ?? [];
  if (calls.length) message.toolCalls = calls.map((call, i) => toToolCall(call, callNumber, i));
  if (answer.usage) message.usage = { inputTokens: answer.usage.inputTokens, outputTokens: answer.usage.outputTokens };
  // Only when the item says, so the messages of existing scripts stay exactly as they were (like a
  // provider that reports none); an `{ output }` item, new with finish reasons, ends with 'stop'.
  const finishReason = answer.finishReason ?? ('output' in answer ? 'stop' : undefined);
  if (finishReason) message.finishReason = finishReason;
  return message;
}

/** Text, or parts when the answer has parts or reasoning (the reasoning first); copies, so callers cannot change the script. */
function contentOf(answer: MessageAnswer): string | ContentPart[] {
  const reasoning: ContentPart[] = answer.reasoning === undefined ? [] : [{ type: 'reasoning', text: answer.reasoning }];
  if ('parts' in answer) return [...reasoning, ...structuredClone(answer.parts)];
  const text = answerText(answer);
  return reasoning.length ? [...reasoning, ...(text ? [{ type: 'text' as const, text }] : [])] : text;
}

function answerText(answer: Exclude<MessageAnswer, { parts: ContentPart[] }>): string {
  if ('output' in answer) return JSON.stringify(answer.output);
  const chunks = 'chunks' in answer ? answer.chunks : undefined;
  return chunks ? chunks.join('') : (('text' in answer ? answer.text : undefined) ?? '');
}

function toToolCall(call: ScriptedToolCall, callNumber: number, index: number): ToolCall {
  return {
    id: call.id ?? `call_${callNumber}_${index}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  };
}
