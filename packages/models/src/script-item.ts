import type { ContentPart, FinishReason, Message, OutputSpec, ToolSpec, Usage } from '@weft/chat-model';

/** A tool call as a script writes it: `arguments` as an object (serialised with JSON.stringify) or as JSON text (kept as is). */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
  /** Defaults to `call_<callNumber>_<index>`. */
  id?: string;
}

/** What every answer may add. */
export interface AnswerOptions {
  /** Set on the message and on the last streamed chunk. */
  usage?: Usage;
  /** Wait this long (abortable through the call's signal) before answering. */
  delayMs?: number;
  /**
   * `stream()` only: split text and tool-call arguments into pieces of this many
   * characters (default: the model's `chunkSize`, else unsplit).
   */
  chunkSize?: number;
  /** `stream()` only: `true` splits even without a `chunkSize` (pieces of 8), `false` never splits. */
  stream?: boolean;
  /**
   * Why the model stopped, set on the message and on the last streamed chunk.
   * Default: none (an `{ output }` item: `'stop'`).
   */
  finishReason?: FinishReason;
  /** The model's reasoning: a reasoning part before the answer's text (streamed first, as reasoning chunks). */
  reasoning?: string;
}

/** An assistant message with this text (and tool calls, if given). */
export interface TextAnswer extends AnswerOptions {
  text: string;
  toolCalls?: ScriptedToolCall[];
}

/** An assistant message that calls tools, in order (with text, if given). */
export interface ToolCallsAnswer extends AnswerOptions {
  toolCalls: ScriptedToolCall[];
  text?: string;
}

/** Text streamed as exactly these chunks; `generate()` answers with their concatenation. */
export interface ChunksAnswer extends AnswerOptions {
  chunks: string[];
  toolCalls?: ScriptedToolCall[];
}

/**
 * An assistant message with these content parts (an image a model drew, the
 * text around it), and tool calls, if given. `stream()` yields its text and
 * reasoning: a chunk carries no images or files.
 */
export interface PartsAnswer extends AnswerOptions {
  parts: ContentPart[];
  toolCalls?: ScriptedToolCall[];
}

/**
 * Structured output: an assistant message whose content is `JSON.stringify(output)`
 * (any JSON value), as a model answers a call that asked for `options.output`.
 */
export interface OutputAnswer extends AnswerOptions {
  output: unknown;
}

/** The call fails with this error (a stream throws it on its first `next()`). */
export interface ErrorAnswer {
  error: Error;
  delayMs?: number;
}

export type ScriptAnswer = TextAnswer | ToolCallsAnswer | ChunksAnswer | PartsAnswer | OutputAnswer | ErrorAnswer;

/** What a function item is told about the call it answers. */
export interface ScriptCallInfo {
  /** 1-based number of this call since the model was created or reset. */
  callNumber: number;
  /** Position of the function in the script. */
  index: number;
  tools: readonly ToolSpec[];
  /** The structured output the call asked for, if any (see `ModelCallOptions.output`). */
  output?: OutputSpec;
  streamed: boolean;
  signal: AbortSignal;
}

/** Computes an answer from what the model was sent: any answer item, or an assistant `Message`. */
export type ScriptFunction = (
  messages: readonly Message[],
  call: ScriptCallInfo,
) => ScriptAnswer | Message | Promise<ScriptAnswer | Message>;

/** One answer of a scripted model, used by one call. */
export type ScriptItem = ScriptAnswer | ScriptFunction;
