import { textOf, type Message, type ModelCallOptions } from '@weft/chat-model';
import { toOpenAIContent, type OpenAIContentPart } from './to-openai-content.ts';
import type { ResolvedOpenAIOptions } from './check-openai-options.ts';

/** A message in the Chat Completions wire format. */
export interface OpenAIMessage {
  role: Message['role'];
  content: string | null | OpenAIContentPart[];
  /** An assistant turn's reasoning, sent back when `sendReasoning` names this field. */
  reasoning_content?: string;
  reasoning?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
}

/** The JSON body of `POST /chat/completions`. */
export interface OpenAIRequest {
  model: string;
  messages: OpenAIMessage[];
  tools?: { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
  tool_choice?: 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };
  parallel_tool_calls?: boolean;
  temperature?: number;
  max_tokens?: number;
  stream?: true;
  stream_options?: { include_usage: true };
  response_format?: { type: 'json_schema'; json_schema: OpenAIJsonSchema };
}

/** A Structured Outputs schema (`response_format.json_schema`). */
export interface OpenAIJsonSchema {
  name: string;
  description?: string;
  schema: Record<string, unknown>;
  strict?: true;
}

/**
 * Builds the request body. `tool_choice` and `parallel_tool_calls` are sent only
 * with tools: OpenAI rejects `parallel_tool_calls` on a request without tools.
 * Structured output goes as `response_format: { type: 'json_schema', … }`.
 */
export function toOpenAIRequest(
  options: ResolvedOpenAIOptions,
  messages: readonly Message[],
  { tools, output }: Pick<ModelCallOptions, 'tools' | 'output'>,
  stream: boolean,
): OpenAIRequest {
  const body: OpenAIRequest = { model: options.model, messages: messages.map((m) => toOpenAIMessage(m, options)) };
  if (tools.length) {
    body.tools = tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    const choice = options.toolChoice;
    if (choice !== undefined)
      body.tool_choice = typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
    if (options.parallelToolCalls !== undefined) body.parallel_tool_calls = options.parallelToolCalls;
  }
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.maxTokens !== undefined) body.max_tokens = options.maxTokens;
  if (output) {
    const schema: OpenAIJsonSchema = { name: output.name, schema: output.schema };
    if (output.description !== undefined) schema.description = output.description;
    // `strict` only on request: OpenAI's strict mode accepts only its subset of JSON Schema (every
    // object closed with additionalProperties: false, every property required), and rejects any
    // other schema with a 400. Left out, OpenAI's default (false) applies: the schema guides the answer.
    if (options.strictOutput) schema.strict = true;
    body.response_format = { type: 'json_schema', json_schema: schema };
  }
  if (stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

/** JSON in, JSON or SSE out, a bearer token when there is a key; `options.headers` win. */
export function requestHeaders(options: ResolvedOpenAIOptions, stream: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' };
  if (options.apiKey !== undefined) headers['authorization'] = `Bearer ${options.apiKey}`;
  return { ...headers, ...options.headers };
}

function toOpenAIMessage(message: Message, options: ResolvedOpenAIOptions): OpenAIMessage {
  const calls = message.toolCalls ?? [];
  const out: OpenAIMessage = { role: message.role, content: contentOf(message, calls.length > 0, options.model) };
  if (message.role === 'assistant' && options.sendReasoning && typeof message.content !== 'string') {
    const reasoning = message.content.flatMap((p) => (p.type === 'reasoning' ? [p.text] : [])).join('');
    if (reasoning) out[options.sendReasoning] = reasoning;
  }
  if (message.role === 'assistant' && calls.length)
    out.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  if (message.role === 'tool') {
    if (message.toolCallId !== undefined) out.tool_call_id = message.toolCallId;
    if (message.name !== undefined) out.name = message.name;
  }
  return out;
}

/**
 * The wire content: a string as it is; parts as content parts for user and
 * tool messages (images, audio, files), the text alone for system and
 * assistant messages (Chat Completions takes no media there). An assistant
 * turn that only calls tools has null content, as OpenAI itself answers it.
 */
function contentOf(message: Message, hasCalls: boolean, model: string): OpenAIMessage['content'] {
  if (message.role === 'assistant' || message.role === 'system' || typeof message.content === 'string') {
    const text = textOf(message);
    return message.role === 'assistant' && hasCalls && text === '' ? null : text;
  }
  const parts = toOpenAIContent(message.content, model);
  // Text alone goes as a string: servers that take no content parts still read it.
  return parts.every((p) => p.type === 'text') ? parts.map((p) => p.text).join('') : parts;
}
