import type { FinishReason, Message, Usage } from './message.ts';

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
   * it is left behind at a timeout and its late answer dropped.
   */
  signal: AbortSignal;
  /** Answer with JSON text matching this schema instead of free text. */
  output?: OutputSpec;
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
  toolCalls?: ToolCallDelta[];
  usage?: Usage;
  /** Set on the chunk that ends the answer (a provider may still send the usage after it). */
  finishReason?: FinishReason;
}

/**
 * A chat model: `generate` answers with one assistant message; `stream` answers
 * in chunks whose concatenation (see `concatMessageChunks`) is that message.
 */
export interface ChatModel {
  readonly name: string;
  generate(messages: readonly Message[], options: ModelCallOptions): Promise<Message>;
  stream(messages: readonly Message[], options: ModelCallOptions): AsyncIterable<MessageChunk>;
}
