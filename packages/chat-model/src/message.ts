import type { ContentPart } from './content-part.ts';

/** Who wrote a message. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** A tool call requested by the model. `arguments` is JSON text, as models produce it. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Why the model stopped answering, in one vocabulary for every provider:
 * `stop` (a natural end or a stop sequence), `length` (the output token limit:
 * the text or a tool call's arguments may be cut off), `tool-calls` (it wants
 * tools called), `content-filter` (the provider withheld or cut the answer),
 * `error`, `other` (anything else a provider reports).
 */
export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

/** Token counts of one model call, when the model reports them. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * Which answer of the provider a message or chunk is: the response id and the
 * model that actually wrote it (an alias such as `gpt-4o` answers as a dated
 * version), when the provider says. For tracing and logs; a model never needs
 * it back. Two short strings: it is kept with the message in the history.
 */
export interface ResponseInfo {
  id?: string;
  model?: string;
}

/**
 * One message of a conversation. `content` is text, or a list of parts when
 * it carries more than text: a user's image or PDF, a tool's image, an
 * assistant's reasoning. Read it with `textOf` where a string is needed and
 * `partsOf` where parts are.
 */
export interface Message {
  role: Role;
  content: string | ContentPart[];
  /** Assistant messages: the tools the model wants called, in order. */
  toolCalls?: ToolCall[];
  /** Tool messages: the call this result answers. */
  toolCallId?: string;
  /** Tool messages: the tool's name. */
  name?: string;
  usage?: Usage;
  /** Assistant messages: why the model stopped, when it says. */
  finishReason?: FinishReason;
  /** Assistant messages: the provider's response id and model, when it says. */
  response?: ResponseInfo;
}

export const systemMessage = (content: string): Message => ({ role: 'system', content });
/**
 * A user message: text, or parts (text with images, files, audio).
 *
 * @example
 * userMessage([{ type: 'text', text: 'What is in this picture?' }, { type: 'image', mediaType: 'image/png', data: pngBytes }]);
 */
export const userMessage = (content: string | ContentPart[]): Message => ({ role: 'user', content });
export const assistantMessage = (content: string | ContentPart[], toolCalls?: ToolCall[]): Message =>
  toolCalls?.length ? { role: 'assistant', content, toolCalls } : { role: 'assistant', content };
/** A tool's result: text, or parts when the tool returns an image, audio or a file. */
export const toolMessage = (content: string | ContentPart[], toolCallId: string, name: string): Message => ({
  role: 'tool',
  content,
  toolCallId,
  name,
});
