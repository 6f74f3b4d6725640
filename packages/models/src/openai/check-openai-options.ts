import type { ContentPartType } from '@weft/chat-model';
import { describeValue, isPositiveInteger } from '../check-answer.ts';
import { ModelError } from '../errors.ts';
import { checkOpenAIConnection, type OpenAIConnection } from './check-openai-connection.ts';
import type { OpenAIChatModelOptions, OpenAIToolChoice } from './openai-chat-model-options.ts';

/** Options with defaults applied and `baseURL` without a trailing slash. */
export interface ResolvedOpenAIOptions extends OpenAIConnection {
  model: string;
  provider: string | undefined;
  temperature: number | undefined;
  maxTokens: number | undefined;
  toolChoice: OpenAIToolChoice | undefined;
  parallelToolCalls: boolean | undefined;
  strictOutput: boolean;
  accepts: readonly ContentPartType[];
  sendReasoning: 'reasoning_content' | 'reasoning' | undefined;
}

const PART_TYPES: readonly ContentPartType[] = ['text', 'image', 'file', 'audio', 'reasoning'];

/** Checks `openAIChatModel()` options one by one and fails on the first bad one, naming it. */
export function checkOpenAIOptions(options: OpenAIChatModelOptions): ResolvedOpenAIOptions {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `openAIChatModel(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const connection = checkOpenAIConnection(options, fail);
  const {
    model,
    provider,
    temperature,
    maxTokens,
    toolChoice,
    parallelToolCalls,
    strictOutput = false,
    accepts = ['image', 'file', 'audio'],
    sendReasoning,
  } = options;
  if (typeof model !== 'string' || model === '') fail('options.model must be a non-empty string', model);
  if (provider !== undefined && (typeof provider !== 'string' || provider === ''))
    fail("options.provider must be a non-empty string such as 'openai' or 'azure.ai.openai'", provider);
  if (temperature !== undefined && !(Number.isFinite(temperature) && temperature >= 0))
    fail('options.temperature must be a number ≥ 0', temperature);
  if (maxTokens !== undefined && !isPositiveInteger(maxTokens)) fail('options.maxTokens must be a positive integer', maxTokens);
  if (toolChoice !== undefined && !isToolChoice(toolChoice))
    fail("options.toolChoice must be 'auto', 'none', 'required' or { name }", toolChoice);
  if (parallelToolCalls !== undefined && typeof parallelToolCalls !== 'boolean')
    fail('options.parallelToolCalls must be a boolean', parallelToolCalls);
  if (typeof strictOutput !== 'boolean') fail('options.strictOutput must be a boolean', strictOutput);
  if (!Array.isArray(accepts) || accepts.some((t) => !PART_TYPES.includes(t)))
    fail(`options.accepts must be a list of part types (${PART_TYPES.join(', ')})`, accepts);
  if (sendReasoning !== undefined && sendReasoning !== 'reasoning_content' && sendReasoning !== 'reasoning')
    fail("options.sendReasoning must be 'reasoning_content' or 'reasoning'", sendReasoning);
  return {
    ...connection,
    model,
    provider,
    temperature,
    maxTokens,
    toolChoice,
    parallelToolCalls,
    strictOutput,
    accepts,
    sendReasoning,
  };
}

function isToolChoice(value: unknown): value is OpenAIToolChoice {
  if (value === 'auto' || value === 'none' || value === 'required') return true;
  if (typeof value !== 'object' || value === null) return false;
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' && name !== '';
}
