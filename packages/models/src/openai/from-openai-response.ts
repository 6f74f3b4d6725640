import type { Message, MessageChunk, ToolCall, ToolCallDelta, Usage } from '@weft/chat-model';
import { ModelError } from '../errors.ts';
import { toFinishReason } from './to-finish-reason.ts';

/** Where a response came from, for the error's `details`. */
export interface ResponseContext {
  status: number;
  attempt: number;
}

type Fields = Record<string, unknown>;

/** Reads a whole `chat.completion` body into an assistant message, with its finish reason. */
export function fromOpenAIResponse(text: string, at: ResponseContext): Message {
  const body = parseJson(text, at, 'the response body');
  const choice = firstChoice(body);
  const message = choice?.['message'];
  if (!isFields(message)) throw invalid('the response has no choices[0].message', at, body);
  const content = message['content'] ?? '';
  if (typeof content !== 'string') throw invalid('choices[0].message.content is not a string', at, body);
  const out: Message = { role: 'assistant', content };
  const calls = message['tool_calls'] ?? [];
  if (!Array.isArray(calls)) throw invalid('choices[0].message.tool_calls is not an array', at, body);
  const toolCalls = calls.map((call: unknown, i): ToolCall => {
    const fn = isFields(call) ? call['function'] : undefined;
    const [id, name, args] = [isFields(call) && call['id'], isFields(fn) && fn['name'], isFields(fn) && fn['arguments']];
    if (typeof id !== 'string' || typeof name !== 'string' || typeof args !== 'string')
      throw invalid(`choices[0].message.tool_calls[${i}] lacks a string id, function.name or function.arguments`, at, body);
    return { id, name, arguments: args };
  });
  if (toolCalls.length) out.toolCalls = toolCalls;
  const usage = toUsage(body['usage']);
  if (usage) out.usage = usage;
  const finishReason = toFinishReason(choice?.['finish_reason']);
  if (finishReason) out.finishReason = finishReason;
  return out;
}

/**
 * Reads one `chat.completion.chunk` (the JSON of an SSE `data:` line) into a
 * chunk, or `undefined` when it carries nothing (a role-only or empty delta).
 * Tool-call deltas pass through as they come: pieces of one call share its index.
 * The chunk with the choice's `finish_reason` carries it; OpenAI sends the
 * usage after it, in a chunk without choices.
 */
export function fromOpenAIChunk(data: string, at: ResponseContext): MessageChunk | undefined {
  const body = parseJson(data, at, 'a stream chunk');
  const error = body['error'];
  if (error !== undefined) {
    const message = isFields(error) && typeof error['message'] === 'string' ? error['message'] : JSON.stringify(error);
    throw new ModelError('MODEL_SERVER_ERROR', `the server reported an error mid-stream: ${message}`, { details: { ...at, body } });
  }
  const chunk: MessageChunk = {};
  const choice = firstChoice(body);
  const delta = choice?.['delta'];
  if (isFields(delta)) {
    if (typeof delta['content'] === 'string' && delta['content'] !== '') chunk.content = delta['content'];
    const calls = delta['tool_calls'];
    if (Array.isArray(calls) && calls.length) chunk.toolCalls = calls.map((c: unknown) => toDelta(c, at, body));
  }
  const usage = toUsage(body['usage']);
  if (usage) chunk.usage = usage;
  const finishReason = toFinishReason(choice?.['finish_reason']);
  if (finishReason) chunk.finishReason = finishReason;
  return Object.keys(chunk).length ? chunk : undefined;
}

function toDelta(call: unknown, at: ResponseContext, body: Fields): ToolCallDelta {
  if (!isFields(call) || typeof call['index'] !== 'number') throw invalid('a tool_calls delta has no numeric index', at, body);
  const delta: ToolCallDelta = { index: call['index'] };
  const fn = call['function'];
  if (typeof call['id'] === 'string') delta.id = call['id'];
  if (isFields(fn) && typeof fn['name'] === 'string') delta.name = fn['name'];
  if (isFields(fn) && typeof fn['arguments'] === 'string') delta.arguments = fn['arguments'];
  return delta;
}

function toUsage(usage: unknown): Usage | undefined {
  if (!isFields(usage)) return undefined;
  const { prompt_tokens: inputTokens, completion_tokens: outputTokens } = usage;
  return typeof inputTokens === 'number' && typeof outputTokens === 'number' ? { inputTokens, outputTokens } : undefined;
}

function parseJson(text: string, at: ResponseContext, what: string): Fields {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw invalid(`${what} is not JSON: ${snippet(text)}`, at, text, cause);
  }
  if (!isFields(value)) throw invalid(`${what} is not a JSON object: ${snippet(text)}`, at, value);
  return value;
}

function firstChoice(body: Fields): Fields | undefined {
  const choices = body['choices'];
  return Array.isArray(choices) && isFields(choices[0]) ? choices[0] : undefined;
}

function invalid(why: string, at: ResponseContext, body: unknown, cause?: unknown): ModelError {
  return new ModelError('MODEL_RESPONSE_INVALID', `invalid response from the OpenAI-compatible server: ${why}`, {
    details: { ...at, body },
    cause,
  });
}

const snippet = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
