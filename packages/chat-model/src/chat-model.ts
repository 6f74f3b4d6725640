import type { ContentPartType } from './content-part.ts';
import type { FinishReason, Message, ResponseInfo, Usage } from './message.ts';

/** JSON Schema, as tools declare their parameters. */
export type JsonSchema = Record<string, unknown>;

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/**
 * Structured output: the answer's `content` is JSON text that matches `schema`.
 * Providers that support it constrain the answer to the schema; the caller
 * still parses and checks the text (a model may be cut off or not comply).
 */
export interface OutputSpec {
  /** Names the output for the provider (OpenAI: letters, digits, `_` and `-`, at most 64). */
  name: string;
  description?: string;
  schema: JsonSchema;
}

export interface ModelCallOptions {
  /** The tools bound for this call (empty when the agent has none). */
  tools: readonly ToolSpec[];
  /**
   * Aborts when the call is no longer wanted: the run was cancelled, or the
   * agent's call went over one of its limits (the reason says which). Stop
   * reading and reject (or end the stream) when it does; a model that ignores
   * it is left behind at a timeout and its late answer dropped. Remove any
   * listener you add before you settle: a call that ended clean (its signal
   * never aborted, no listener left on it) may pass the same signal object to
   * the next call of the run, which saves making one per call.
   */
  signal: AbortSignal;
  /** Answer with JSON text matching this schema instead of free text. */
  output?: OutputSpec;
  /**
   * Prompt-cache marks: indices into `messages` of the messages that end a
   * prefix the provider may cache, in ascending order (`cacheHint()` sets
   * them). A provider with explicit cache points (Anthropic, Bedrock) is told
   * to cache up to the end of each marked message, so the next call that
   * sends the same prefix reads it from the cache; a model that does not
   * cache, or caches shared prefixes on its own (OpenAI), ignores them.
   */
  cacheBreakpoints?: readonly number[];
}

/** A piece of a streamed tool call; pieces with the same index belong to one call. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  name?: string;
  /** A fragment of the JSON arguments text. */
  arguments?: string;
}

/** One piece of a streamed answer. */
export interface MessageChunk {
  content?: string;
  /**
   * A piece of the model's reasoning, apart from the answer's text:
   * `concatMessageChunks` joins the pieces into one reasoning part placed
   * before the text.
   */
  reasoning?: string;
  /** The reasoning's signature or encrypted form, when the provider sends one (usually once, at its end). */
  reasoningSignature?: string;
  reasoningRedacted?: string;
  toolCalls?: ToolCallDelta[];
  usage?: Usage;
  /** Set on the chunk that ends the answer (a provider may still send the usage after it). */
  finishReason?: FinishReason;
  /** The provider's response id and model, on one chunk of the answer (usually the first), when it says. */
  response?: ResponseInfo;
}

/** What a model sends with every request (only what it sets). */
export interface ChatModelRequestInfo {
  /** The provider's id of the model requested, when the model's `name` is not it (`aiSdkModel`'s `provider:modelId`). */
  readonly model?: string;
  readonly temperature?: number;
  /** The most tokens an answer may have. */
  readonly maxTokens?: number;
  readonly topP?: number;
}

/**
 * What a model says about the requests it makes, for tracing (OpenTelemetry's
 * GenAI attributes: `gen_ai.provider.name`, `server.address`,
 * `gen_ai.request.temperature`, …) and logs. All optional, and never needed
 * to call the model: declare what you know.
 */
export interface ChatModelInfo {
  /**
   * The GenAI provider, in the OpenTelemetry semantic conventions' words:
   * `openai`, `anthropic`, `gcp.gemini`, `gcp.vertex_ai`, `aws.bedrock`,
   * `azure.ai.openai`, `mistral_ai`, `groq`, `deepseek`, `x_ai`, … (another
   * name when none of theirs fits).
   */
  readonly provider?: string;
  /** The server the requests go to: its host name or IP address and its port. */
  readonly server?: { readonly address: string; readonly port: number };
  readonly request?: ChatModelRequestInfo;
}

/**
 * A chat model: `generate` answers with one assistant message; `stream` answers
 * in chunks whose concatenation (see `concatMessageChunks`) is that message.
 * `info` says who serves it and how it samples, for tracing.
 *
 * @example
 * // Another model, declared as Anthropic's for tracing:
 * const model: ChatModel = {
 *   name: inner.name,
 *   info: { provider: 'anthropic', server: { address: 'api.anthropic.com', port: 443 }, request: { temperature: 0 } },
 *   accepts: inner.accepts,
 *   generate: (messages, options) => inner.generate(messages, options),
 *   stream: (messages, options) => inner.stream(messages, options),
 * };
 */
export interface ChatModel {
  readonly name: string;
  readonly info?: ChatModelInfo;
  /**
   * The part types the model takes besides text and reasoning (which every
   * model takes: a model that cannot use reasoning drops it). Left out, the
   * model takes text only. `checkContent` refuses a message with another part,
   * naming it, before any request is made.
   */
  readonly accepts?: readonly ContentPartType[];
  generate(messages: readonly Message[], options: ModelCallOptions): Promise<Message>;
  stream(messages: readonly Message[], options: ModelCallOptions): AsyncIterable<MessageChunk>;
}
