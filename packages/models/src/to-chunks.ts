import { textOf, type Message, type MessageChunk } from '@weft/chat-model';

/** How `stream()` cuts a message into chunks. */
export interface ChunkPlan {
  /** The text exactly as these pieces (a `{ chunks }` item); otherwise it is cut by `chunkSize`. */
  textPieces?: readonly string[];
  /** Cut text and tool-call arguments into pieces of this many characters; unset: one piece each. */
  chunkSize?: number;
}

/**
 * The chunks `stream()` yields for `message`, built so that
 * `concatMessageChunks(toChunks(message, plan))` deep-equals `message`:
 * the reasoning first (one chunk, with its signature), then the text, then each tool call in order as a head `{ index, id, name }`
 * followed by its argument fragments, and the usage and finish reason on the last chunk.
 */
export function toChunks(message: Message, plan: ChunkPlan): MessageChunk[] {
  const { chunkSize } = plan;
  const chunks: MessageChunk[] = reasoningChunks(message);
  for (const content of plan.textPieces ?? split(textOf(message), chunkSize)) chunks.push({ content });
  const calls = message.toolCalls ?? [];
  if (calls.length && chunkSize === undefined) {
    chunks.push({ toolCalls: calls.map((call, index) => ({ index, id: call.id, name: call.name, arguments: call.arguments })) });
  } else {
    calls.forEach((call, index) => {
      chunks.push({ toolCalls: [{ index, id: call.id, name: call.name }] });
      for (const piece of split(call.arguments, chunkSize)) chunks.push({ toolCalls: [{ index, arguments: piece }] });
    });
  }
  // A consumer waiting for at least one chunk (and for the usage) always gets one.
  if (!chunks.length) chunks.push({ content: '' });
  const last = chunks.length - 1;
  if (message.usage) chunks[last] = { ...chunks[last], usage: { ...message.usage } };
  if (message.finishReason) chunks[last] = { ...chunks[last], finishReason: message.finishReason };
  return chunks;
}

/** The message's reasoning as one chunk (a chunk carries no images or files: a message with those is not streamed in parts). */
function reasoningChunks(message: Message): MessageChunk[] {
  if (typeof message.content === 'string') return [];
  const chunks: MessageChunk[] = [];
  for (const part of message.content) {
    if (part.type !== 'reasoning') continue;
    const chunk: MessageChunk = { reasoning: part.text };
    if (part.signature !== undefined) chunk.reasoningSignature = part.signature;
    if (part.redacted !== undefined) chunk.reasoningRedacted = part.redacted;
    chunks.push(chunk);
  }
  return chunks;
}

/** Cuts by code points, not UTF-16 units, so no piece holds half an emoji. */
function split(text: string, size: number | undefined): string[] {
  if (text === '') return [];
  if (size === undefined) return [text];
  const points = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < points.length; i += size) pieces.push(points.slice(i, i + size).join(''));
  return pieces;
}
