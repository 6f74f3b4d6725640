import {
  checkContent,
  type ChatModel,
  type ChatModelInfo,
  type ContentPartType,
  type Message,
  type ModelCallOptions,
  type OutputSpec,
} from '@weft/chat-model';
import { checkOutputSpec } from '../check-output-spec.ts';
import { ModelError } from '../errors.ts';
import type {
  AiSdkCallOptions,
  AiSdkJsonResponseFormat,
  AiSdkLanguageModel,
  AiSdkProviderOptions,
  AiSdkToolChoice,
} from './ai-sdk-language-model.ts';
import { checkCacheBreakpoints } from './check-cache-breakpoints.ts';
import { legacyFileData, toAiSdkPrompt, toAiSdkTools, v4FileData, type FileData } from './to-ai-sdk-prompt.ts';
import { toGenAiProvider } from './to-gen-ai-provider.ts';
import { toMessageChunks } from './to-message-chunks.ts';
import { toModelError } from './to-model-error.ts';
import { toWeftMessage } from './to-weft-message.ts';

export type { AiSdkLanguageModel } from './ai-sdk-language-model.ts';

export interface AiSdkModelOptions {
  /** The ChatModel's name (default `provider:modelId`). */
  name?: string;
  /**
   * Who serves the model, in OpenTelemetry's GenAI words (`info.provider`).
   * Default: the AI SDK model's `provider` in those words (`anthropic.messages`
   * → `anthropic`, `google.vertex.chat` → `gcp.vertex_ai`; see `toGenAiProvider`).
   */
  provider?: string;
  temperature?: number;
  maxOutputTokens?: number;
  /** Sent only with calls that have tools. */
  toolChoice?: AiSdkToolChoice;
  /**
   * The part types the model takes besides text and reasoning (`ChatModel.accepts`).
   * Default `['image', 'file', 'audio']`, all the AI SDK prompt carries (as file
   * parts); say less for a model that takes less, and a message with another
   * part is refused as UNSUPPORTED_CONTENT before any request.
   */
  accepts?: readonly ContentPartType[];
  /**
   * The provider options put on each message a call marks as the end of a
   * cacheable prefix (`ModelCallOptions.cacheBreakpoints`, set by
   * `cacheHint()`). Default: `DEFAULT_CACHE_MARK`, Anthropic's
   * `cacheControl: { type: 'ephemeral' }` and Bedrock's
   * `cachePoint: { type: 'default' }` (each provider reads only its own key).
   * Given, it replaces the default whole: a one-hour Anthropic cache is
   * `{ anthropic: { cacheControl: { type: 'ephemeral', ttl: '1h' } } }`.
   */
  cacheMark?: AiSdkProviderOptions;
}

/** What marks a cached prefix's last message unless `cacheMark` says otherwise: Anthropic's and Bedrock's cache points. */
export const DEFAULT_CACHE_MARK: AiSdkProviderOptions = {
  anthropic: { cacheControl: { type: 'ephemeral' } },
  bedrock: { cachePoint: { type: 'default' } },
};

const SPEC_VERSIONS: readonly string[] = ['v2', 'v3', 'v4'];

/**
 * Wraps an AI SDK provider model as a Weft ChatModel, so every provider the AI
 * SDK supports works in Weft. Failures become ModelErrors (see `toModelError`).
 *
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const agent = chatModelAgent({ name: 'Helper', description: '…', model: aiSdkModel(openai('gpt-4o-mini')) });
 */
export function aiSdkModel(model: AiSdkLanguageModel, options: AiSdkModelOptions = {}): ChatModel {
  if (model === null || typeof model !== 'object' || typeof model.doGenerate !== 'function' || typeof model.doStream !== 'function')
    throw new ModelError('INVALID_ARGUMENT', 'aiSdkModel(model): model must be an AI SDK language model with doGenerate and doStream');
  if (!SPEC_VERSIONS.includes(model.specificationVersion))
    throw new ModelError(
      'INVALID_ARGUMENT',
      `aiSdkModel(model): spec version ${String(model.specificationVersion)} is not supported (v2, v3, v4)`,
    );
  const name = options.name ?? `${model.provider}:${model.modelId}`;
  const info = modelInfo(model, options);

  const accepts = options.accepts ?? ['image', 'file', 'audio'];
  const callOptions = <Data>(
    messages: readonly Message[],
    { tools, signal, output, cacheBreakpoints }: ModelCallOptions,
    fileData: FileData<Data>,
  ): AiSdkCallOptions<Data> => {
    const format = checkOutputSpec(name, output);
    const marked = checkCacheBreakpoints(name, cacheBreakpoints, messages.length);
    const marks = marked.length ? { at: marked, options: options.cacheMark ?? DEFAULT_CACHE_MARK } : undefined;
    return {
      prompt: toAiSdkPrompt(messages, fileData, marks),
      ...(tools.length ? { tools: toAiSdkTools(tools), ...(options.toolChoice ? { toolChoice: options.toolChoice } : {}) } : {}),
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
      ...(format ? { responseFormat: toResponseFormat(format) } : {}),
      abortSignal: signal,
    };
  };

  return {
    name,
    info,
    accepts,
    async generate(messages, call) {
      checkContent(messages, { name, accepts });
      // Each spec version's call options, for the model of that version (v4 tags its file data).
      const generated =
        model.specificationVersion === 'v4'
          ? () => model.doGenerate(callOptions(messages, call, v4FileData))
          : () => model.doGenerate(callOptions(messages, call, legacyFileData));
      try {
        const result = await generated();
        return toWeftMessage(result.content, result.usage, result.finishReason, result.response);
      } catch (error) {
        throw toModelError(error, name, call.signal);
      }
    },
    async *stream(messages, call) {
      checkContent(messages, { name, accepts });
      const streamed =
        model.specificationVersion === 'v4'
          ? () => model.doStream(callOptions(messages, call, v4FileData))
          : () => model.doStream(callOptions(messages, call, legacyFileData));
      let result;
      try {
        result = await streamed();
      } catch (error) {
        throw toModelError(error, name, call.signal);
      }
      try {
        yield* toMessageChunks(result.stream, { modelName: name, signal: call.signal });
      } catch (error) {
        throw toModelError(error, name, call.signal);
      }
    },
  };
}

/** What the model tells tracing: its provider, its model id, and the sampling parameters every call sends. */
function modelInfo(model: AiSdkLanguageModel, options: AiSdkModelOptions): ChatModelInfo {
  const provider = options.provider ?? (typeof model.provider === 'string' ? toGenAiProvider(model.provider) : '');
  const request = {
    model: model.modelId,
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.maxOutputTokens === undefined ? {} : { maxTokens: options.maxOutputTokens }),
  };
  return provider ? { provider, request } : { request };
}

/** Structured output as the AI SDK asks for it: `{ type: 'json', schema, name, description }`. */
function toResponseFormat({ name, description, schema }: OutputSpec): AiSdkJsonResponseFormat {
  return description === undefined ? { type: 'json', schema, name } : { type: 'json', schema, name, description };
}
