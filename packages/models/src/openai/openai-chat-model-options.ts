import type { ContentPartType } from '@weft/chat-model';

/** Which tool the model must call: any (`auto`), none, at least one (`required`), or the one named. */
export type OpenAIToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** What `openAIChatModel` takes: the server, the model and how requests are sent and retried. */
export interface OpenAIChatModelOptions {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:1234/v1`; `/chat/completions` is appended. */
  baseURL: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** The provider's model id; also the `name` of the ChatModel. */
  model: string;
  /**
   * Who serves the model, in OpenTelemetry's GenAI words (`info.provider`,
   * which tracing reports as `gen_ai.provider.name`): `openai`,
   * `azure.ai.openai`, `deepseek`, `groq`, … Default: `openai` for
   * api.openai.com, else none (an OpenAI-compatible server may be anyone's).
   */
  provider?: string;
  temperature?: number;
  maxTokens?: number;
  toolChoice?: OpenAIToolChoice;
  parallelToolCalls?: boolean;
  /**
   * Structured output (`ModelCallOptions.output`) with `strict: true`: OpenAI then
   * guarantees the schema, but accepts only schemas in its strict subset (every
   * object with `additionalProperties: false` and all its properties required).
   * Default false: the schema is sent without `strict` and guides the answer.
   */
  strictOutput?: boolean;
  /**
   * The part types the model takes besides text and reasoning (`ChatModel.accepts`).
   * Default `['image', 'file', 'audio']`, all Chat Completions carries; say less
   * for a model that takes less (`[]` for text only), and a message with
   * another part is refused as UNSUPPORTED_CONTENT before any request.
   */
  accepts?: readonly ContentPartType[];
  /**
   * Sends an assistant turn's reasoning back in this field of the message, for
   * servers that want it on the next request of a tool loop (DeepSeek's
   * thinking mode: `reasoning_content`; OpenRouter: `reasoning`). Default: not
   * sent (servers such as DeepSeek's without thinking tools refuse it). It is
   * read from either field in answers whatever this says.
   */
  sendReasoning?: 'reasoning_content' | 'reasoning';
  /** Per attempt (default 60000): the whole answer for `generate`, the longest silence for `stream`. */
  timeoutMs?: number;
  /**
   * Retries after a 408, 409, 429, a 5xx or a network failure (default 2), the
   * errors marked `retryable: true`; never after another 4xx, a timeout or an abort.
   */
  maxRetries?: number;
  /**
   * Backoff before retry n: `retryBaseMs · 2^(n-1)` (default 500), at most 30 s, with equal jitter
   * (between half of it and all of it); a server's Retry-After wins (capped at 30 s). See `backoffDelay` in @weft/common.
   */
  retryBaseMs?: number;
  /** Extra request headers (they win over the defaults). */
  headers?: Record<string, string>;
  /** Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
}
