import type { Message, MessageChunk, ResponseInfo, ToolCallDelta, Usage } from '@weft/chat-model';
import { compileJtd, type JtdMismatch, type JtdType } from '../compile-jtd.ts';
import { ModelError } from '../errors.ts';
import { chatCompletionChunkSchema, chatCompletionSchema, streamErrorSchema } from './chat-completion-schema.ts';
import { toFinishReason } from './to-finish-reason.ts';

/** Where a response came from, for the error's `details`. */
export interface ResponseContext {
  status: number;
  attempt: number;
}

const checkCompletion = compileJtd(chatCompletionSchema);
const checkChunk = compileJtd(chatCompletionChunkSchema);
const checkStreamError = compileJtd(streamErrorSchema);

/** Reads a whole `chat.completion` body into an assistant message, with its finish reason and the response's id and model. */
export function fromOpenAIResponse(text: string, at: ResponseContext): Message {
  const body = parseJson(text, at, 'the response body');
  const checked = checkCompletion(body);
  if (!checked.ok && checked.path.length === 0) throw invalid(`the response body is not a JSON object: ${snippet(text)}`, at, body);
  if (!checked.ok) throw invalid(completionProblem(checked), at, body);
  const choice = checked.value.choices[0];
  if (!choice) throw invalid('the response has no choices[0].message', at, body);
  const { message } = choice;
  const reasoning = reasoningOf(message);
  const answer = message.content ?? '';
  const out: Message = {
    role: 'assistant',
    content: reasoning ? [{ type: 'reasoning', text: reasoning }, ...(answer ? [{ type: 'text' as const, text: answer }] : [])] : answer,
  };
  const toolCalls = (message.tool_calls ?? []).map(({ id, function: fn }) => ({ id, name: fn.name, arguments: fn.arguments }));
  if (toolCalls.length) out.toolCalls = toolCalls;
  const usage = toUsage(checked.value.usage);
  if (usage) out.usage = usage;
  const finishReason = toFinishReason(choice.finish_reason);
  if (finishReason) out.finishReason = finishReason;
  const response = toResponseInfo(body);
  if (response) out.response = response;
  return out;
}

/** A stream chunk as read: what it adds to the answer (nothing for a role-only or empty delta), and the response it belongs to. */
export interface ReadChunk {
  chunk: MessageChunk | undefined;
  response: ResponseInfo | undefined;
}

/**
 * Reads one `chat.completion.chunk` (the JSON of an SSE `data:` line) into a
 * chunk, `undefined` when it carries nothing (a role-only or empty delta), and
 * the response id and model it repeats.
 * Tool-call deltas pass through as they come: pieces of one call share its index.
 * The chunk with the choice's `finish_reason` carries it; OpenAI sends the
 * usage after it, in a chunk without choices.
 */
export function fromOpenAIChunk(data: string, at: ResponseContext): ReadChunk {
  const body = parseJson(data, at, 'a stream chunk');
  const checked = checkChunk(body);
  if (!checked.ok && checked.path.length === 0) throw invalid(`a stream chunk is not a JSON object: ${snippet(data)}`, at, body);
  // An object, the check says: a server's error speaks first, whatever else the chunk holds.
  const error = (body as { error?: unknown }).error;
  if (error !== undefined) {
    const reported = checkStreamError(body);
    const message = reported.ok && reported.value.error.message !== undefined ? reported.value.error.message : JSON.stringify(error);
    throw new ModelError('MODEL_SERVER_ERROR', `the server reported an error mid-stream: ${message}`, { details: { ...at, body } });
  }
  if (!checked.ok) throw invalid(chunkProblem(checked), at, body);
  const chunk: MessageChunk = {};
  const choice = checked.value.choices?.[0];
  const content = choice?.delta?.content;
  if (content) chunk.content = content;
  const reasoning = choice?.delta ? reasoningOf(choice.delta) : undefined;
  if (reasoning) chunk.reasoning = reasoning;
  const calls = choice?.delta?.tool_calls;
  if (calls?.length)
    chunk.toolCalls = calls.map(({ index, id, function: fn }) => {
      const delta: ToolCallDelta = { index };
      if (typeof id === 'string') delta.id = id;
      if (typeof fn?.name === 'string') delta.name = fn.name;
      if (typeof fn?.arguments === 'string') delta.arguments = fn.arguments;
      return delta;
    });
  const usage = toUsage(checked.value.usage);
  if (usage) chunk.usage = usage;
  const finishReason = toFinishReason(choice?.finish_reason);
  if (finishReason) chunk.finishReason = finishReason;
  return { chunk: Object.keys(chunk).length ? chunk : undefined, response: toResponseInfo(body) };
}

/**
 * A message's or delta's reasoning, as OpenAI-compatible servers send it:
 * `reasoning_content` (DeepSeek, vLLM, llama.cpp, LM Studio) or `reasoning`
 * (OpenRouter, Ollama, newer vLLM). Read without the schema: a server that
 * sends something else there still answers.
 */
function reasoningOf(message: object): string | undefined {
  const { reasoning_content: content, reasoning } = message as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof content === 'string' && content) return content;
  return typeof reasoning === 'string' && reasoning ? reasoning : undefined;
}

/**
 * The response id and model a body names, when they are strings. Not in the
 * checked schema: a server that sends neither, or something else, still answers.
 */
function toResponseInfo(body: unknown): ResponseInfo | undefined {
  const { id, model } = body as { id?: unknown; model?: unknown };
  if (typeof id !== 'string' && typeof model !== 'string') return undefined;
  return { ...(typeof id === 'string' ? { id } : {}), ...(typeof model === 'string' ? { model } : {}) };
}

/** The first mismatch of a body, in the words the error messages have always used. */
function completionProblem({ path, problem }: JtdMismatch): string {
  const [, choice = '0', field, , call] = path;
  if (path[0] === 'choices' && (field === undefined || field === 'message') && path.length <= 3)
    return `the response has no choices[${choice}].message`;
  if (field === 'message' && path[3] === 'content') return `choices[${choice}].message.content is not a string`;
  if (field === 'message' && path[3] === 'tool_calls')
    return call === undefined
      ? `choices[${choice}].message.tool_calls is not an array`
      : `choices[${choice}].message.tool_calls[${call}] lacks a string id, function.name or function.arguments`;
  return `${jsPath(path)} ${problem}`;
}

function chunkProblem({ path, problem }: JtdMismatch): string {
  if (path[3] === 'tool_calls' && path.length > 4 && (path.length === 5 || path[5] === 'index'))
    return 'a tool_calls delta has no numeric index';
  return `${jsPath(path)} ${problem}`;
}

/** `['choices', '0', 'delta']` as `choices[0].delta`. */
const jsPath = (path: readonly string[]): string =>
  path.map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');

function toUsage(usage: JtdType<typeof chatCompletionSchema>['usage']): Usage | undefined {
  const { prompt_tokens: inputTokens, completion_tokens: outputTokens } = usage ?? {};
  return inputTokens !== undefined && outputTokens !== undefined ? { inputTokens, outputTokens } : undefined;
}

function parseJson(text: string, at: ResponseContext, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw invalid(`${what} is not JSON: ${snippet(text)}`, at, text, cause);
  }
  return value;
}

function invalid(why: string, at: ResponseContext, body: unknown, cause?: unknown): ModelError {
  return new ModelError('MODEL_RESPONSE_INVALID', `invalid response from the OpenAI-compatible server: ${why}`, {
    details: { ...at, body },
    cause,
  });
}

const snippet = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
