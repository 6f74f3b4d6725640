/**
 * @weft/chat-model — the contract between agents and models: messages, tool
 * calls, the `ChatModel` interface and streamed chunks. `@weft/agents` runs
 * agents against it; `@weft/models` implements it (scripted, OpenAI-compatible,
 * AI SDK); a model of your own implements it too.
 *
 * @example
 * import { assistantMessage, type ChatModel } from '@weft/chat-model';
 *
 * const echo: ChatModel = {
 *   name: 'echo',
 *   async generate(messages) { return assistantMessage(`you said: ${messages.at(-1)?.content ?? ''}`); },
 *   async *stream(messages) { yield { content: `you said: ${messages.at(-1)?.content ?? ''}` }; },
 * };
 */

// Messages
export type { Message, Role, ToolCall, Usage, FinishReason, ResponseInfo } from './message.ts';
export { systemMessage, userMessage, assistantMessage, toolMessage } from './message.ts';

// Models
export type {
  ChatModel,
  ChatModelInfo,
  ChatModelRequestInfo,
  ModelCallOptions,
  OutputSpec,
  MessageChunk,
  ToolCallDelta,
  ToolSpec,
  JsonSchema,
} from './chat-model.ts';
export { concatMessageChunks } from './concat-message-chunks.ts';
