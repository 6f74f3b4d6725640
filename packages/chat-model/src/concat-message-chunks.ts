import type { ReasoningPart } from './content-part.ts';
import type { FinishReason, Message, ResponseInfo, ToolCall, Usage } from './message.ts';
import type { MessageChunk } from './chat-model.ts';

/**
 * Joins streamed chunks into one assistant message: text concatenated, tool-call
 * pieces joined by index, the last usage and finish reason seen, the response
 * id and model as the chunks give them (a later one wins). Reasoning pieces
 * become one reasoning part before the text (the content is then parts); an
 * answer without reasoning keeps string content.
 */
export function concatMessageChunks(chunks: Iterable<MessageChunk>): Message {
  let content = '';
  let reasoning: ReasoningPart | undefined;
  const calls = new Map<number, ToolCall>();
  let usage: Usage | undefined;
  let finishReason: FinishReason | undefined;
  let response: ResponseInfo | undefined;
  for (const chunk of chunks) {
    if (chunk.content) content += chunk.content;
    if (chunk.reasoning !== undefined || chunk.reasoningSignature || chunk.reasoningRedacted) {
      reasoning ??= { type: 'reasoning', text: '' };
      if (chunk.reasoning) reasoning.text += chunk.reasoning;
      if (chunk.reasoningSignature) reasoning.signature = (reasoning.signature ?? '') + chunk.reasoningSignature;
      if (chunk.reasoningRedacted) reasoning.redacted = (reasoning.redacted ?? '') + chunk.reasoningRedacted;
    }
    for (const d of chunk.toolCalls ?? []) {
      const call = calls.get(d.index) ?? { id: '', name: '', arguments: '' };
      if (d.id) call.id = d.id;
      if (d.name) call.name += d.name;
      if (d.arguments) call.arguments += d.arguments;
      calls.set(d.index, call);
    }
    if (chunk.usage) usage = chunk.usage;
    if (chunk.finishReason) finishReason = chunk.finishReason;
    if (chunk.response) response = { ...response, ...chunk.response };
  }
  const message: Message = {
    role: 'assistant',
    content: reasoning ? [reasoning, ...(content ? [{ type: 'text' as const, text: content }] : [])] : content,
  };
  if (calls.size) message.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
  if (usage) message.usage = usage;
  if (finishReason) message.finishReason = finishReason;
  if (response) message.response = response;
  return message;
}
