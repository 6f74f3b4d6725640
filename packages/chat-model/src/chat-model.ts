import type { Message, Usage } from './message.ts';

/** JSON Schema, as tools declare their parameters. */
export type JsonSchema = Record<string, unknown>;

/** A tool as the model sees it. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface ModelCallOptions {
  /** The tools bound for this call (empty when the agent has none). */
  tools: readonly ToolSpec[];
  signal: AbortSignal;
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
