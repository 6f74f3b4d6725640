import type { Message, ToolCall } from '@weft/chat-model';
import type { ScriptAnswer, ScriptedToolCall } from './script-item.ts';

/** An answer item that produces a message (everything but `{ error }`). */
export type MessageAnswer = Exclude<ScriptAnswer, { error: Error }>;

/**
 * The assistant message an answer item stands for. Built fresh on every call,
 * so a caller that mutates it cannot change later answers (`repeatLast`).
 * Missing tool-call ids are `call_<callNumber>_<index>`: stable across runs.
 */
export function toMessage(answer: MessageAnswer, callNumber: number): Message {
  const chunks = 'chunks' in answer ? answer.chunks : undefined;
  const text = 'text' in answer ? answer.text : undefined;
  const message: Message = { role: 'assistant', content: chunks ? chunks.join('') : (text ?? '') };
  const calls = answer.toolCalls ?? [];
  if (calls.length) message.toolCalls = calls.map((call, i) => toToolCall(call, callNumber, i));
  if (answer.usage) message.usage = { inputTokens: answer.usage.inputTokens, outputTokens: answer.usage.outputTokens };
  return message;
}

function toToolCall(call: ScriptedToolCall, callNumber: number, index: number): ToolCall {
  return {
    id: call.id ?? `call_${callNumber}_${index}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  };
}
