import { concatMessageChunks, partsOf, textOf, type Message, type MessageChunk } from '@weft/chat-model';
import { ModelError, type ModelErrorCode } from '../errors.ts';
import type { CassetteEntry, CassetteError } from './cassette-entry.ts';

/**
 * What `generate()` answers from an entry: the recorded message, or the recorded
 * chunks joined. Copies, so callers cannot change the cassette in memory.
 */
export function replayMessage(entry: CassetteEntry): Message {
  const { response } = entry;
  if ('error' in response) throw replayError(response.error);
  if ('chunks' in response) return concatMessageChunks(structuredClone(response.chunks));
  return structuredClone(response.message);
}

/**
 * What `stream()` yields from an entry: the recorded chunks, or for a recorded
 * `generate()` one chunk with the text (and reasoning), the tool calls as complete deltas, the usage and the finish reason.
 */
export function replayChunks(entry: CassetteEntry): MessageChunk[] {
  const { response } = entry;
  if ('error' in response) throw replayError(response.error);
  if ('chunks' in response) return structuredClone(response.chunks);
  const { content, toolCalls, usage, finishReason } = structuredClone(response.message);
  const chunk: MessageChunk = { content: textOf(content) };
  const reasoning = partsOf(content).find((p) => p.type === 'reasoning');
  if (reasoning) {
    chunk.reasoning = reasoning.text;
    if (reasoning.signature !== undefined) chunk.reasoningSignature = reasoning.signature;
    if (reasoning.redacted !== undefined) chunk.reasoningRedacted = reasoning.redacted;
  }
  if (toolCalls?.length)
    chunk.toolCalls = toolCalls.map((call, index) => ({ index, id: call.id, name: call.name, arguments: call.arguments }));
  if (usage) chunk.usage = usage;
  if (finishReason) chunk.finishReason = finishReason;
  return [chunk];
}

/** The recorded error again: a ModelError when it had a code (any package's code: callers check `code`), named as recorded. */
function replayError({ name, message, code }: CassetteError): Error {
  const error = code === undefined ? new Error(message) : new ModelError(code as ModelErrorCode, message);
  Object.defineProperty(error, 'name', { value: name, configurable: true, writable: true, enumerable: false });
  return error;
}
