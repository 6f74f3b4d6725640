import { describeValue, isPositiveInteger } from '../check-answer.ts';
import { ModelError } from '../errors.ts';
import type { OpenAIEmbedderOptions } from './openai-embedder-options.ts';

/** Options with defaults applied and `baseURL` without a trailing slash. */
export interface ResolvedOpenAIEmbedderOptions {
  model: string;
  name: string;
  baseURL: string;
  apiKey: string | undefined;
  dimensions: number | undefined;
  batchSize: number;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch;
}

/** Checks `openAIEmbedder()` options one by one and fails on the first bad one, naming it. */
export function checkOpenAIEmbedderOptions(options: OpenAIEmbedderOptions): ResolvedOpenAIEmbedderOptions {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `openAIEmbedder(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { model, apiKey, dimensions, batchSize = 128, headers = {}, baseURL = 'https://api.openai.com/v1' } = options;
  const { timeoutMs = 60_000, maxRetries = 2, retryBaseMs = 500, fetch = globalThis.fetch } = options;
  if (typeof model !== 'string' || model === '') fail('options.model must be a non-empty string', model);
  const { name = dimensions === undefined ? model : `${model}:${dimensions}` } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  if (typeof baseURL !== 'string' || !isHttpURL(baseURL))
    fail('options.baseURL must be an http(s) URL such as http://127.0.0.1:1234/v1', baseURL);
  if (apiKey !== undefined && typeof apiKey !== 'string') fail('options.apiKey must be a string', apiKey);
  if (dimensions !== undefined && !isPositiveInteger(dimensions)) fail('options.dimensions must be a positive integer', dimensions);
  if (!isPositiveInteger(batchSize)) fail('options.batchSize must be a positive integer', batchSize);
  if (!(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs)))
    fail('options.timeoutMs must be a positive number', timeoutMs);
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0)) fail('options.maxRetries must be an integer ≥ 0', maxRetries);
  if (!(Number.isFinite(retryBaseMs) && retryBaseMs >= 0)) fail('options.retryBaseMs must be a number ≥ 0', retryBaseMs);
  if (typeof headers !== 'object' || headers === null || Object.values(headers).some((v) => typeof v !== 'string'))
    fail('options.headers must be an object of strings', headers);
  if (typeof fetch !== 'function') fail('options.fetch must be a function', fetch);
  return {
    model,
    name,
    baseURL: baseURL.replace(/\/+$/, ''),
    apiKey,
    dimensions,
    batchSize,
    timeoutMs,
    maxRetries,
    retryBaseMs,
    headers,
    fetch,
  };
}

function isHttpURL(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
