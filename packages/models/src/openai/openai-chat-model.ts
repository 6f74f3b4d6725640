import {
  checkContent,
  type ChatModel,
  type ChatModelInfo,
  type ContentPartType,
  type Message,
  type MessageChunk,
  type ModelCallOptions,
  type ResponseInfo,
} from '@weft/chat-model';
import { checkOutputSpec } from '../check-output-spec.ts';
import { ModelError } from '../errors.ts';
import { AttemptScope } from './attempt-scope.ts';
import { checkOpenAIOptions, type ResolvedOpenAIOptions } from './check-openai-options.ts';
import type { OpenAIChatModelOptions } from './openai-chat-model-options.ts';
import { fromOpenAIChunk, fromOpenAIResponse } from './from-openai-response.ts';
import { openAIModelInfo } from './openai-model-info.ts';
import { httpFailure, thrownFailure, type AttemptContext } from './http-errors.ts';
import { readSse } from './read-sse.ts';
import { withRetries, type AttemptResult } from './retry.ts';
import { requestHeaders, toOpenAIRequest, type OpenAIRequest } from './to-openai-request.ts';

/** A stream whose first chunk has arrived, with what is needed to read the rest. */
interface OpenedStream {
  first: IteratorResult<MessageChunk>;
  rest: AsyncGenerator<MessageChunk>;
  scope: AttemptScope;
  attempt: number;
}

/**
 * A ChatModel for any server that speaks OpenAI's Chat Completions API (OpenAI,
 * LM Studio, vLLM, Ollama, llama.cpp …), over plain `fetch`. Failures are
 * ModelErrors with the provider's message; see docs/decisions/0005.
 *
 * @example
 * const model = openAIChatModel({ baseURL: 'http://127.0.0.1:1234/v1', model: 'qwen2.5-7b-instruct' });
 */
export function openAIChatModel(options: OpenAIChatModelOptions): ChatModel {
  return new OpenAIChatModel(checkOpenAIOptions(options));
}

class OpenAIChatModel implements ChatModel {
  readonly name: string;
  readonly info: ChatModelInfo;
  readonly accepts: readonly ContentPartType[];
  readonly #options: ResolvedOpenAIOptions;
  readonly #url: string;

  constructor(options: ResolvedOpenAIOptions) {
    this.name = options.model;
    this.info = openAIModelInfo(options);
    this.accepts = options.accepts;
    this.#options = options;
    this.#url = `${options.baseURL}/chat/completions`;
  }

  async generate(messages: readonly Message[], { tools, signal, output }: ModelCallOptions): Promise<Message> {
    checkContent(messages, this);
    const body = toOpenAIRequest(this.#options, messages, { tools, output: checkOutputSpec(this.name, output) }, false);
    const read = async (response: Response, scope: AttemptScope, attempt: number): Promise<Message> => {
      try {
        return fromOpenAIResponse(await response.text(), { status: response.status, attempt });
      } finally {
        scope.dispose();
      }
    };
    return withRetries((attempt) => this.#attempt(body, signal, attempt, read), this.#options, signal);
  }

  async *stream(messages: readonly Message[], { tools, signal, output }: ModelCallOptions): AsyncGenerator<MessageChunk> {
    checkContent(messages, this);
    const body = toOpenAIRequest(this.#options, messages, { tools, output: checkOutputSpec(this.name, output) }, true);
    // An attempt lasts until the first chunk: a failure before it is retried, one after it is not.
    const open = async (response: Response, scope: AttemptScope, attempt: number): Promise<OpenedStream> => {
      const rest = this.#chunks(response, scope, attempt);
      return { first: await rest.next(), rest, scope, attempt };
    };
    const { first, rest, scope, attempt } = await withRetries((n) => this.#attempt(body, signal, n, open), this.#options, signal);
    try {
      for (let next = first; !next.done;) {
        yield next.value;
        try {
          next = await rest.next();
        } catch (thrown) {
          throw thrownFailure(thrown, this.#context(attempt, signal, scope, true)).error;
        }
      }
    } finally {
      await rest.return(undefined);
      scope.dispose();
    }
  }

  /** One HTTP attempt: send, map a non-2xx answer or a throw to a failure, else let `read` take the response. */
  async #attempt<T>(
    body: OpenAIRequest,
    signal: AbortSignal,
    attempt: number,
    read: (response: Response, scope: AttemptScope, attempt: number) => Promise<T>,
  ): Promise<AttemptResult<T>> {
    const scope = new AttemptScope(signal, this.#options.timeoutMs);
    try {
      const init = {
        method: 'POST',
        headers: requestHeaders(this.#options, body.stream === true),
        body: JSON.stringify(body),
        signal: scope.signal,
      };
      const response = await this.#options.fetch(this.#url, init);
      if (!response.ok) {
        const failure = await httpFailure(response, this.#context(attempt, signal, scope, false));
        scope.dispose();
        return { ok: false, failure };
      }
      return { ok: true, value: await read(response, scope, attempt) };
    } catch (thrown) {
      scope.dispose();
      return { ok: false, failure: thrownFailure(thrown, this.#context(attempt, signal, scope, body.stream === true)) };
    }
  }

  /**
   * The answer's chunks. Every `chat.completion.chunk` repeats the response
   * id and model; they go on the first chunk that carries anything else
   * (or alone at the end, for an answer without one).
   */
  async *#chunks(response: Response, scope: AttemptScope, attempt: number): AsyncGenerator<MessageChunk> {
    const at = { status: response.status, attempt };
    if (!response.body)
      throw new ModelError('MODEL_RESPONSE_INVALID', `POST ${this.#url} answered a stream without a body`, { details: at });
    let identity: ResponseInfo | undefined;
    let identified = false;
    for await (const data of readSse(response.body, () => scope.restart())) {
      if (data === '[DONE]') {
        if (identity && !identified) yield { response: identity };
        return;
      }
      const read = fromOpenAIChunk(data, at);
      identity ??= read.response;
      if (!read.chunk) continue;
      if (identity && !identified) {
        identified = true;
        yield { ...read.chunk, response: identity };
      } else yield read.chunk;
    }
    throw new ModelError('MODEL_NETWORK', `the stream from POST ${this.#url} ended before [DONE]`, { details: at });
  }

  #context(attempt: number, callerSignal: AbortSignal, scope: AttemptScope, streaming: boolean): AttemptContext {
    const { timeoutMs } = this.#options;
    return { url: this.#url, attempt, timeoutMs, callerSignal, timedOut: scope.timedOut, streaming };
  }
}
