import { isStandardSchema, issuesMessage, jsonSchemaOf, type StandardSchemaV1 } from '@weft/graph';
import type { JsonSchema } from '@weft/chat-model';
import type { ValidateFunction } from 'ajv';
import { AgentError } from '../errors.ts';
import { compileJsonSchema } from './compile-json-schema.ts';
import { jsonSchemaAjv } from './json-schema-ajv.ts';

/** What `tool({ parameters })` takes: a Standard Schema (Zod, Valibot, ArkType, …) or a JSON Schema object. */
export type ToolParameters = StandardSchemaV1 | JsonSchema;

/** The arguments checked: the value `execute` gets, or what the model should be told is wrong. */
export type ToolCheck<A> = { ok: true; value: A } | { ok: false; message: string };

/** A tool's parameters made ready once, at definition: the JSON Schema the model sees and the check of its arguments. */
export interface CompiledParameters {
  json: JsonSchema;
  /** A promise only for a Standard Schema that validates asynchronously (an async refinement). */
  check(args: unknown): ToolCheck<unknown> | Promise<ToolCheck<unknown>>;
}

/**
 * Turns `parameters` (and the optional `jsonSchema` override) into the JSON
 * Schema for the model and a check, or throws TOOL_DEFINITION_INVALID. All
 * the schema work (conversion, ajv's compile) happens here, once per tool;
 * a call only validates.
 */
export function compileParameters(parameters: ToolParameters, jsonSchema: JsonSchema | undefined, name: string): CompiledParameters {
  const where = `tool ${JSON.stringify(name)}`;
  const bad = (msg: string) => new AgentError('TOOL_DEFINITION_INVALID', `${where}: ${msg}`);
  if (isStandardSchema(parameters)) {
    const json = jsonSchema ?? convert(parameters, where);
    const root: unknown = json?.['type'];
    if (root !== 'object')
      throw bad(
        `parameters must describe an object (its JSON Schema has ${root === undefined ? 'no type' : `type ${JSON.stringify(root)}`}, not type "object")`,
      );
    return { json, check: (args) => standardCheck(parameters, args) };
  }
  if (parameters === null || typeof parameters !== 'object' || parameters['type'] !== 'object')
    throw bad('parameters must be a Standard Schema of an object or a JSON Schema with type "object"');
  if (jsonSchema !== undefined) throw bad('jsonSchema is only for a Standard Schema in parameters; parameters is a JSON Schema already');
  const ajv = jsonSchemaAjv();
  let validate: ValidateFunction;
  try {
    validate = compileJsonSchema(parameters);
  } catch (err) {
    throw bad(`parameters is not a valid JSON Schema: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    json: parameters,
    check: (args) =>
      validate(args) ? { ok: true, value: args } : { ok: false, message: ajv.errorsText(validate.errors, { dataVar: 'arguments' }) },
  };
}

/** jsonSchemaOf's typed error (no converter: wrap Valibot with toStandardJsonSchema(); not representable) as a definition error. */
function convert(schema: StandardSchemaV1, where: string): JsonSchema {
  try {
    return jsonSchemaOf(schema, 'input', where);
  } catch (err) {
    throw new AgentError('TOOL_DEFINITION_INVALID', err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** The library's own validator; its result is the value `execute` gets (defaults applied, transforms run). */
function standardCheck(schema: StandardSchemaV1, args: unknown): ToolCheck<unknown> | Promise<ToolCheck<unknown>> {
  const result = schema['~standard'].validate(args);
  return result instanceof Promise ? result.then(toCheck) : toCheck(result);
}

function toCheck(result: StandardSchemaV1.Result<unknown>): ToolCheck<unknown> {
  return result.issues === undefined ? { ok: true, value: result.value } : { ok: false, message: issuesMessage(result.issues) };
}
