/**
 * @weft/models — chat models that implement the @weft/chat-model contract.
 *
 * `scriptedModel` answers from a list: deterministic runs for tests, demos and
 * benchmarks, and a record of exactly what an agent sent.
 *
 * @example
 * import { scriptedModel } from '@weft/models';
 *
 * const model = scriptedModel(
 *   [
 *     { toolCalls: [{ name: 'get_weather', arguments: { city: 'Beijing' } }] }, // id: call_1_0
 *     { chunks: ['Sunny, ', '25°C.'], usage: { inputTokens: 42, outputTokens: 6 } },
 *   ],
 *   { name: 'weather' },
 * );
 * // … run an agent with it, then:
 * model.calls[1]?.messages; // what the agent sent on the second call, tool result included
 */

// Scripted model
export { scriptedModel } from './scripted-model.ts';
export type { ScriptedModel, ScriptedModelOptions, RecordedModelCall } from './scripted-model.ts';
export type {
  ScriptItem,
  ScriptAnswer,
  TextAnswer,
  PartsAnswer,
  ToolCallsAnswer,
  ChunksAnswer,
  OutputAnswer,
  ErrorAnswer,
  AnswerOptions,
  ScriptedToolCall,
  ScriptFunction,
  ScriptCallInfo,
} from './script-item.ts';

// OpenAI-compatible servers (OpenAI, vLLM, llama.cpp, Ollama, LM Studio, …)
export { openAIChatModel } from './openai/openai-chat-model.ts';
export type { OpenAIChatModelOptions, OpenAIToolChoice } from './openai/openai-chat-model-options.ts';

// Record and replay (offline tests from cassettes)
export { recordModel } from './cassette/record-model.ts';
export type { RecordModelOptions } from './cassette/record-model.ts';
export { replayModel } from './cassette/replay-model.ts';
export type { ReplayModelOptions } from './cassette/replay-model.ts';

// AI SDK language models
export { aiSdkModel, DEFAULT_CACHE_MARK } from './ai-sdk/ai-sdk-model.ts';
export type { AiSdkModelOptions, AiSdkLanguageModel } from './ai-sdk/ai-sdk-model.ts';
export type { AiSdkToolChoice, AiSdkProviderOptions, AiSdkJsonValue } from './ai-sdk/ai-sdk-language-model.ts';

// Embedders (the @weft/chat-model Embedder contract, for memory banks)
export { openAIEmbedder } from './embeddings/openai-embedder.ts';
export type { OpenAIEmbedderOptions } from './embeddings/openai-embedder-options.ts';
export { aiSdkEmbedder } from './embeddings/ai-sdk-embedder.ts';
export type { AiSdkEmbedderOptions, AiSdkEmbeddingModel } from './embeddings/ai-sdk-embedder.ts';
export { recordEmbedder } from './embeddings/record-embedder.ts';
export type { RecordEmbedderOptions } from './embeddings/record-embedder.ts';
export { replayEmbedder } from './embeddings/replay-embedder.ts';
export type { ReplayEmbedderOptions } from './embeddings/replay-embedder.ts';

// Errors
export { ModelError } from './errors.ts';
export type { ModelErrorCode } from './errors.ts';
