import type { OutputSpec } from '@weft/chat-model';
import { describeValue } from './check-answer.ts';
import { ModelError } from './errors.ts';

/**
 * Checks the structured-output request of a call (`ModelCallOptions.output`)
 * before anything is sent, so a malformed one fails as INVALID_ARGUMENT naming
 * the field instead of as a provider's 400 or a silently ignored schema.
 */
export function checkOutputSpec(model: string, output: unknown): OutputSpec | undefined {
  if (output === undefined) return undefined;
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `${model}: options.output${what}, got ${describeValue(value)}`, { details: { model } });
  };
  if (!isFields(output)) return fail(' must be { name, description?, schema }', output);
  if (typeof output['name'] !== 'string' || output['name'] === '') fail('.name must be a non-empty string', output['name']);
  if (output['description'] !== undefined && typeof output['description'] !== 'string')
    fail('.description must be a string', output['description']);
  if (!isFields(output['schema'])) fail('.schema must be a JSON Schema object', output['schema']);
  return output as unknown as OutputSpec;
}

function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
