import type { EmbedOptions, Embedder } from '@weft/chat-model';
import { describeValue } from '../check-answer.ts';
import { ModelError } from '../errors.ts';
import { AttemptScope } from '../openai/attempt-scope.ts';
import { abortedError, httpFailure, thrownFailure, type AttemptContext } from '../openai/http-errors.ts';
import { withRetries, type AttemptResult } from '../openai/retry.ts';
import { batchesOf } from './batches-of.ts';
import { checkOpenAIEmbedderOptions, type ResolvedOpenAIEmbedderOptions } from './check-openai-embedder-options.ts';
import type { OpenAIEmbedderOptions } from './openai-embedder-options.ts';
import { readEmbeddingsResponse } from './read-embeddings-response.ts';

/** The body of one `/embeddings` request. */
interface EmbeddingsRequest {
  model: string;
  input: string[];
  encoding_format: 'float';
  dimensions?: number;
}

/**
 * An Embedder for any server that speaks OpenAI's Embeddings API (OpenAI,
 * Ollama, vLLM, LM Studio, llama.cpp, …), over plain `fetch`. An `embed`
 * call is sent as requests of `batchSize` texts, one after another; each
 * request is retried and its failures mapped exactly as `openAIChatModel`
 * does (ModelError codes, `retryable`, Retry-After), and a signal aborts it.
 *
 * @example
 * const embedder = openAIEmbedder({ model: 'text-embedding-3-small', apiKey: process.env.OPENAI_API_KEY, dimensions: 512 });
 * const [vector] = await embedder.embed(['the cat sat on the mat']);
 */
export function openAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  return new OpenAIEmbedder(checkOpenAIEmbedderOptions(options));
}

class OpenAIEmbedder implements Embedder {
  readonly name: string;
  readonly dimensions?: number;
  readonly #options: ResolvedOpenAIEmbedderOptions;
  readonly #url: string;

  constructor(options: ResolvedOpenAIEmbedderOptions) {
    this.name = options.name;
    if (options.dimensions !== undefined) this.dimensions = options.dimensions;
    this.#options = options;
    this.#url = `${options.baseURL}/embeddings`;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<number[][]> {
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string'))
      throw new ModelError('INVALID_ARGUMENT', `embedder "${this.name}": texts must be a list of strings, got ${describeValue(texts)}`);
    const signal = options.signal ?? new AbortController().signal;
    if (signal.aborted) throw abortedError(signal.reason, 1);
    const vectors: number[][] = [];
    // No request for no texts: the API refuses an empty `input`.
    if (texts.length === 0) return vectors;
    for (const input of batchesOf(texts, this.#options.batchSize)) {
      const body: EmbeddingsRequest = { model: this.#options.model, input, encoding_format: 'float' };
      if (this.#options.dimensions !== undefined) body.dimensions = this.#options.dimensions;
      vectors.push(...(await withRetries((attempt) => this.#attempt(body, signal, attempt), this.#options, signal)));
    }
    return vectors;
  }

  /** One HTTP attempt: send, map a non-2xx answer or a throw to a failure, else read the vectors. */
  async #attempt(body: EmbeddingsRequest, signal: AbortSignal, attempt: number): Promise<AttemptResult<number[][]>> {
    const scope = new AttemptScope(signal, this.#options.timeoutMs);
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (this.#options.apiKey !== undefined) headers['authorization'] = `Bearer ${this.#options.apiKey}`;
      const init = { method: 'POST', headers: { ...headers, ...this.#options.headers }, body: JSON.stringify(body), signal: scope.signal };
      const response = await this.#options.fetch(this.#url, init);
      if (!response.ok) return { ok: false, failure: await httpFailure(response, this.#context(attempt, signal, scope)) };
      const text = await response.text();
      const at = { url: this.#url, count: body.input.length, dimensions: this.#options.dimensions, status: response.status, attempt };
      return { ok: true, value: readEmbeddingsResponse(text, at) };
    } catch (thrown) {
      return { ok: false, failure: thrownFailure(thrown, this.#context(attempt, signal, scope)) };
    } finally {
      scope.dispose();
    }
  }

  #context(attempt: number, callerSignal: AbortSignal, scope: AttemptScope): AttemptContext {
    return { url: this.#url, attempt, timeoutMs: this.#options.timeoutMs, callerSignal, timedOut: scope.timedOut };
  }
}
