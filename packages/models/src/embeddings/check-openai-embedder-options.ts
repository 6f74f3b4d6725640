import { describeValue, isPositiveInteger } from '../check-answer.ts';
import { ModelError } from '../errors.ts';
import { checkOpenAIConnection, type OpenAIConnection } from '../openai/check-openai-connection.ts';
import type { OpenAIEmbedderOptions } from './openai-embedder-options.ts';

/** Options with defaults applied and `baseURL` without a trailing slash. */
export interface ResolvedOpenAIEmbedderOptions extends OpenAIConnection {
  model: string;
  name: string;
  dimensions: number | undefined;
  batchSize: number;
}

/** Checks `openAIEmbedder()` options one by one and fails on the first bad one, naming it. */
export function checkOpenAIEmbedderOptions(options: OpenAIEmbedderOptions): ResolvedOpenAIEmbedderOptions {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `openAIEmbedder(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { model, dimensions, batchSize = 128, baseURL = 'https://api.openai.com/v1' } = options;
  if (typeof model !== 'string' || model === '') fail('options.model must be a non-empty string', model);
  const { name = dimensions === undefined ? model : `${model}:${dimensions}` } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  const connection = checkOpenAIConnection({ ...options, baseURL }, fail);
  if (dimensions !== undefined && !isPositiveInteger(dimensions)) fail('options.dimensions must be a positive integer', dimensions);
  if (!isPositiveInteger(batchSize)) fail('options.batchSize must be a positive integer', batchSize);
  return { ...connection, model, name, dimensions, batchSize };
}
