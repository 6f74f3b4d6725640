import type { EmbedOptions, Embedder } from '@weft/chat-model';
import { describeValue, isPositiveInteger } from '../check-answer.ts';
import { ModelError } from '../errors.ts';
import { abortedError } from '../openai/http-errors.ts';
import { toModelError } from '../ai-sdk/to-model-error.ts';
import type { AiSdkEmbeddingModel } from './ai-sdk-embedding-model.ts';
import { batchesOf } from './batches-of.ts';
import { vectorProblem } from './vector-problem.ts';

export type { AiSdkEmbeddingModel } from './ai-sdk-embedding-model.ts';

export interface AiSdkEmbedderOptions {
  /** The Embedder's name (default `provider:modelId`). */
  name?: string;
  /** Texts per `doEmbed` call; the model's `maxEmbeddingsPerCall` still caps it. Default: that cap, or all texts in one call. */
  batchSize?: number;
}

const SPEC_VERSIONS: readonly string[] = ['v2', 'v3', 'v4'];

/**
 * Wraps an AI SDK text embedding model as a Weft Embedder, so every provider
 * the AI SDK supports can embed for a memory bank. An `embed` call is sent
 * as `doEmbed` calls of at most `batchSize` texts and the model's
 * `maxEmbeddingsPerCall`, one after another; failures become ModelErrors
 * with the codes `aiSdkModel` uses (the provider's HTTP status in
 * `details.status`), and an answer that is not one vector of numbers per
 * text is MODEL_RESPONSE_INVALID. It does not retry: the AI SDK retries in
 * `embedMany`, around the `doEmbed` this calls directly, so a retryable code
 * (a rate limit, a server error) is left to the caller's retry policy.
 *
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const embedder = aiSdkEmbedder(openai.embedding('text-embedding-3-small'));
 */
export function aiSdkEmbedder(model: AiSdkEmbeddingModel, options: AiSdkEmbedderOptions = {}): Embedder {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `aiSdkEmbedder(): ${what}, got ${describeValue(value)}`);
  };
  if (model === null || typeof model !== 'object' || typeof model.doEmbed !== 'function')
    fail('model must be an AI SDK embedding model with doEmbed', model);
  if (!SPEC_VERSIONS.includes(model.specificationVersion))
    fail('model.specificationVersion must be v2, v3 or v4', model.specificationVersion);
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { name = `${model.provider}:${model.modelId}`, batchSize = Infinity } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  if (batchSize !== Infinity && !isPositiveInteger(batchSize)) fail('options.batchSize must be a positive integer', batchSize);
  return new AiSdkEmbedder(model, name, batchSize);
}

class AiSdkEmbedder implements Embedder {
  readonly name: string;
  readonly #model: AiSdkEmbeddingModel;
  readonly #batchSize: number;
  /** The model's cap, read once (a provider may have to look it up). */
  #limit: Promise<number> | undefined;

  constructor(model: AiSdkEmbeddingModel, name: string, batchSize: number) {
    this.name = name;
    this.#model = model;
    this.#batchSize = batchSize;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<number[][]> {
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string'))
      throw new ModelError('INVALID_ARGUMENT', `embedder "${this.name}": texts must be a list of strings, got ${describeValue(texts)}`);
    const { signal } = options;
    const vectors: number[][] = [];
    if (texts.length === 0) return vectors;
    this.#limit ??= this.#readLimit();
    const size = Math.min(this.#batchSize, await this.#limit);
    for (const values of batchesOf(texts, size)) {
      if (signal?.aborted) throw abortedError(signal.reason, 1);
      let result: unknown;
      try {
        result = await this.#model.doEmbed(signal ? { values, abortSignal: signal } : { values });
      } catch (err) {
        throw toModelError(err, this.name, signal);
      }
      const embeddings = typeof result === 'object' && result !== null ? (result as { embeddings?: unknown }).embeddings : undefined;
      const problem = vectorProblem(embeddings, values.length);
      if (problem !== undefined)
        throw new ModelError('MODEL_RESPONSE_INVALID', `${this.name}: doEmbed answered an invalid result: ${problem}`);
      vectors.push(...(embeddings as number[][]));
    }
    return vectors;
  }

  /** `maxEmbeddingsPerCall` as a batch size: no cap (undefined, Infinity) is Infinity; anything else must be a positive integer. */
  async #readLimit(): Promise<number> {
    let limit: unknown;
    try {
      limit = await this.#model.maxEmbeddingsPerCall;
    } catch (err) {
      this.#limit = undefined;
      throw toModelError(err, this.name, undefined);
    }
    if (limit === undefined || limit === Infinity) return Infinity;
    if (!isPositiveInteger(limit)) {
      this.#limit = undefined;
      throw new ModelError(
        'MODEL_RESPONSE_INVALID',
        `${this.name}: maxEmbeddingsPerCall is ${describeValue(limit)}, not a positive integer`,
      );
    }
    return limit;
  }
}
