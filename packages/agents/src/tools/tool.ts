import { AgentError } from '../errors.ts';
import type { SchemaOutput, StandardSchemaV1 } from '@weft/graph';
import type { JsonSchema, ToolSpec } from '@weft/chat-model';
import { compileParameters, type ToolCheck, type ToolParameters } from './compile-parameters.ts';
import type { FromJsonSchema } from './from-json-schema.ts';
import type { ToolContext } from './tool-context.ts';
import { checkResultLimit } from '../limits/tool-result-limit.ts';

export type { ToolCheck, ToolParameters } from './compile-parameters.ts';

/** The arguments `execute` gets for `parameters`: a Standard Schema's output, or what an `as const` JSON Schema describes. */
export type ToolArgs<P> = P extends StandardSchemaV1 ? SchemaOutput<P> : FromJsonSchema<P>;

export interface ToolConfig<A = unknown, P extends ToolParameters = ToolParameters> {
  /** What the model calls it: letters, digits, `_` and `-`, at most 64. */
  name: string;
  description: string;
  /**
   * The arguments: a Standard Schema (Zod, Valibot wrapped with
   * `toStandardJsonSchema()`, ArkType, …), validated by its own library, or a
   * JSON Schema with `type: 'object'`, validated by ajv.
   */
  parameters: P;
  /** The JSON Schema the model is given, for a Standard Schema whose library cannot write one itself. */
  jsonSchema?: JsonSchema;
  /** Gets the validated arguments. The result: a string, or any value (sent to the model as JSON). */
  execute: (args: A, ctx: ToolContext) => unknown;
  /** Interrupt before executing, with `{ tool, arguments }`, until resumed with an approval. */
  needsApproval?: boolean | ((args: A) => boolean);
  /**
   * UTF-8 bytes the result (its text, or its JSON) may have, over the agent's
   * `maxToolResultBytes` and the 1 MiB default; `Infinity` for no limit. A
   * larger result is dropped before it enters the history: the model gets a
   * TOOL_RESULT_TOO_LARGE tool error instead.
   */
  maxResultBytes?: number;
}

/** A tool, made by `tool()`. `Tool` alone (`Tool<unknown>`) is any tool: a `Tool<{ city: string }>` fits in a `Tool[]`. */
export interface Tool<A = unknown> {
  readonly kind: 'tool';
  name: string;
  description: string;
  parameters: ToolParameters;
  jsonSchema?: JsonSchema;
  /** What the model is given: the name, the description and the JSON Schema of the arguments. */
  readonly spec: ToolSpec;
  // Methods, not function properties, so that their parameters compare both ways and a Tool<X> is a Tool.
  execute(args: A, ctx: ToolContext): unknown;
  needsApproval?: boolean | { bivariant(args: A): boolean }['bivariant'];
  maxResultBytes?: number;
  /**
   * Validates arguments (the value has the schema's defaults and transforms
   * applied); the message says what is wrong, for the model. A promise only
   * for a Standard Schema that validates asynchronously.
   */
  check(args: unknown): ToolCheck<A> | Promise<ToolCheck<A>>;
}

// `A` is `never` unless spelled out: then the arguments come from `parameters`. NoInfer: never guessed from
// how `execute` or `needsApproval` annotate their parameter, so a wrong annotation is an error, not the type.
type ArgsOf<A, P> = [NoInfer<A>] extends [never] ? ToolArgs<P> : NoInfer<A>;

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Defines a tool. `execute` (and `needsApproval`) get the arguments typed from
 * `parameters`: the output of a Zod, Valibot or ArkType schema, or the type a
 * JSON Schema written inline or `as const` describes. For a JSON Schema held in
 * a `Record<string, unknown>`, they are `unknown` unless typed by hand:
 * `tool<{ city: string }>(…)` (not checked against the schema). A bad
 * definition is a typed error (TOOL_DEFINITION_INVALID) at once, not at the
 * first call; the schema is converted and compiled here, once.
 *
 * @example
 * import { z } from 'zod';
 *
 * const getWeather = tool({
 *   name: 'get_weather',
 *   description: 'The weather of a city.',
 *   parameters: z.object({ city: z.string(), units: z.enum(['celsius', 'fahrenheit']).default('celsius') }),
 *   execute: ({ city, units }) => `25 ${units} in ${city}`, // city: string, units: 'celsius' | 'fahrenheit'
 * });
 */
export function tool<A = never, const P extends ToolParameters = ToolParameters>(config: ToolConfig<ArgsOf<A, P>, P>): Tool<ArgsOf<A, P>> {
  if (config === null || typeof config !== 'object')
    throw new AgentError('TOOL_DEFINITION_INVALID', 'tool() takes { name, description, parameters, execute }');
  const bad = (msg: string) => new AgentError('TOOL_DEFINITION_INVALID', `tool ${JSON.stringify(config.name)}: ${msg}`);
  if (typeof config.name !== 'string' || !NAME.test(config.name)) throw bad('name must be 1-64 letters, digits, "_" or "-"');
  if (typeof config.description !== 'string') throw bad('description must be a string');
  if (typeof config.execute !== 'function') throw bad('execute must be a function');
  if (config.maxResultBytes !== undefined)
    checkResultLimit(config.maxResultBytes, `tool ${JSON.stringify(config.name)}: maxResultBytes`, 'TOOL_DEFINITION_INVALID');
  const { json, check } = compileParameters(config.parameters, config.jsonSchema, config.name);
  return {
    ...config,
    kind: 'tool',
    spec: { name: config.name, description: config.description, parameters: json },
    check: check as (args: unknown) => ToolCheck<ArgsOf<A, P>> | Promise<ToolCheck<ArgsOf<A, P>>>,
  };
}
