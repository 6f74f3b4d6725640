/**
 * @weft/chat-model — the contract between agents and models: messages, tool
 * calls, the `ChatModel` interface and streamed chunks. `@weft/agents` runs
 * agents against it; `@weft/models` implements it (scripted, OpenAI-compatible,
 * AI SDK); a model of your own implements it too.
 *
 * @example
 * import { assistantMessage, textOf, type ChatModel } from '@weft/chat-model';
 *
 * const echo: ChatModel = {
 *   name: 'echo',
 *   async generate(messages) { return assistantMessage(`you said: ${textOf(messages.at(-1) ?? '')}`); },
 *   async *stream(messages) { yield { content: `you said: ${textOf(messages.at(-1) ?? '')}` }; },
 * };
 */

// Messages
export type { Message, Role, ToolCall, Usage, FinishReason, ResponseInfo } from './message.ts';
export { systemMessage, userMessage, assistantMessage, toolMessage } from './message.ts';

// Content parts
export type { ContentPart, ContentPartType, TextPart, ImagePart, FilePart, AudioPart, ReasoningPart } from './content-part.ts';
export { textOf } from './text-of.ts';
export { partsOf } from './parts-of.ts';
export { checkContent } from './check-content.ts';

// Errors
export { ChatModelError, type ChatModelErrorCode, type UnsupportedContentDetails } from './errors.ts';

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

// Prices: what a model's tokens cost (budgets in US dollars)
export { modelPrices, type ModelPrice, type PriceTable } from './prices/model-prices.ts';
export { modelPrice, costOf, priceProblem } from './prices/model-price.ts';
export { listedPrice } from './prices/listed-price.ts';

// Embeddings
export type { Embedder, EmbedOptions } from './embedder.ts';
