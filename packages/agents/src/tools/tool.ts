import { Ajv, type ValidateFunction } from 'ajv';
import { AgentError } from '../errors.ts';
import type { JsonSchema, ToolSpec } from '@weft/chat-model';
import type { ToolContext } from './tool-context.ts';

export interface ToolConfig<A = any> {
  /** What the model calls it: letters, digits, `_` and `-`, at most 64. */
  name: string;
  description: string;
  /** JSON Schema of the arguments object; the model's arguments are validated against it. */
  parameters: JsonSchema;
  /** The result: a string, or any value (sent to the model as JSON). */
  execute: (args: A, ctx: ToolContext) => unknown;
  /** Interrupt before executing, with `{ tool, arguments }`, until resumed with an approval. */
  needsApproval?: boolean | ((args: A) => boolean);
}

export type ToolCheck<A> = { ok: true; value: A } | { ok: false; message: string };

export interface Tool<A = any> extends ToolConfig<A> {
  readonly kind: 'tool';
  readonly spec: ToolSpec;
  /** Checks arguments against `parameters`; the message says what is wrong, for the model. */
  check(args: unknown): ToolCheck<A>;
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
// One compiler for all tools; `strict: false` accepts the schema keywords models' providers use.
const ajv = new Ajv({ allErrors: true, strict: false });

/** Defines a tool; a bad definition is a typed error at once, not at the first call. */
export function tool<A = any>(config: ToolConfig<A>): Tool<A> {
  const bad = (msg: string) => new AgentError('TOOL_DEFINITION_INVALID', `tool ${JSON.stringify(config?.name)}: ${msg}`);
  if (config === null || typeof config !== 'object')
    throw new AgentError('TOOL_DEFINITION_INVALID', 'tool() takes { name, description, parameters, execute }');
  if (typeof config.name !== 'string' || !NAME.test(config.name)) throw bad('name must be 1-64 letters, digits, "_" or "-"');
  if (typeof config.description !== 'string') throw bad('description must be a string');
  if (typeof config.execute !== 'function') throw bad('execute must be a function');
  if (config.parameters === null || typeof config.parameters !== 'object' || config.parameters['type'] !== 'object') {
    throw bad('parameters must be a JSON Schema with type "object"');
  }
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(config.parameters);
  } catch (err) {
    throw bad(`parameters is not a valid JSON Schema: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    ...config,
    kind: 'tool',
    spec: { name: config.name, description: config.description, parameters: config.parameters },
    check(args: unknown): ToolCheck<A> {
      if (validate(args)) return { ok: true, value: args as A };
      return { ok: false, message: ajv.errorsText(validate.errors, { dataVar: 'arguments' }) };
    },
  };
}
