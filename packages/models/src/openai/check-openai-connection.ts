/** How an OpenAI-compatible client reaches its server: the options the chat model and the embedder share, checked. */
export interface OpenAIConnection {
  /** Without a trailing slash. */
  baseURL: string;
  apiKey: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch;
}

/** The connection options as a caller may give them (baseURL required by the chat model, defaulted by the embedder). */
export type OpenAIConnectionOptions = Partial<OpenAIConnection>;

/**
 * Checks the connection options of `openAIChatModel()` and `openAIEmbedder()`
 * one by one with the caller's `fail` (which names the function), applying the
 * shared defaults: 60 s timeout, 2 retries from 500 ms, no extra headers,
 * the global fetch.
 */
export function checkOpenAIConnection(options: OpenAIConnectionOptions, fail: (what: string, value: unknown) => never): OpenAIConnection {
  const { baseURL, apiKey, headers = {}, timeoutMs = 60_000, maxRetries = 2, retryBaseMs = 500, fetch = globalThis.fetch } = options;
  if (typeof baseURL !== 'string' || !isHttpURL(baseURL))
    fail('options.baseURL must be an http(s) URL such as http://127.0.0.1:1234/v1', baseURL);
  if (apiKey !== undefined && typeof apiKey !== 'string') fail('options.apiKey must be a string', apiKey);
  if (!(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs)))
    fail('options.timeoutMs must be a positive number', timeoutMs);
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0)) fail('options.maxRetries must be an integer ≥ 0', maxRetries);
  if (!(Number.isFinite(retryBaseMs) && retryBaseMs >= 0)) fail('options.retryBaseMs must be a number ≥ 0', retryBaseMs);
  if (typeof headers !== 'object' || headers === null || Object.values(headers).some((v) => typeof v !== 'string'))
    fail('options.headers must be an object of strings', headers);
  if (typeof fetch !== 'function') fail('options.fetch must be a function', fetch);
  return { baseURL: (baseURL as string).replace(/\/+$/, ''), apiKey, timeoutMs, maxRetries, retryBaseMs, headers, fetch };
}

function isHttpURL(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
