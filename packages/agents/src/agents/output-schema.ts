import type { ValidateFunction } from 'ajv';
import { checkWithSchema, isStandardSchema, jsonSchemaOf, type SchemaCheck, type SchemaOutput, type StandardSchemaV1 } from '@weft/graph';
import type { JsonSchema } from '@weft/chat-model';
import { AgentError } from '../errors.ts';
import type { FromJsonSchema } from '../tools/from-json-schema.ts';
import { compileJsonSchema } from '../tools/compile-json-schema.ts';
import { jsonSchemaAjv } from '../tools/json-schema-ajv.ts';

/** What `chatModelAgent({ outputSchema })` takes: a Standard Schema (Zod, Valibot, ArkType, …) or a JSON Schema object. */
export type OutputSchema = StandardSchemaV1 | JsonSchema;

/** The final output's type for an outputSchema: the schema's output, the JSON Schema's values, or the answer's text without one. */
export type OutputSchemaType<S> = [S] extends [undefined] ? string : S extends StandardSchemaV1 ? SchemaOutput<S> : FromJsonSchema<S>;

/** An outputSchema made ready once, at definition: what the model is asked for, and the check of its answer. */
export interface PreparedOutput {
  json: JsonSchema;
  /** Parses the answer's text as JSON and validates it; the message is for the model. */
  check(text: string): Promise<SchemaCheck<unknown>>;
}

const prepared = new WeakMap<object, PreparedOutput>();

/**
 * Checks an output schema (Standard Schema or JSON Schema) at definition — a
 * typed INVALID_ARGUMENT saying what is wrong — and prepares it once: the JSON
 * Schema a model is asked for, and the check of an answer's JSON text.
 *
 * @example
 * const output = checkOutputSchema({ type: 'object', properties: { refunded: { type: 'boolean' } }, required: ['refunded'] }, 'my scorer');
 * (await output.check('{"refunded":true}')).ok; // true
 */
export function checkOutputSchema(schema: OutputSchema, where: string): PreparedOutput {
  const known = prepared.get(schema);
  if (known) return known;
  const ready = isStandardSchema(schema) ? standard(schema, where) : jsonSchema(schema, where);
  prepared.set(schema, ready);
  return ready;
}

function standard(schema: StandardSchemaV1, where: string): PreparedOutput {
  let json: JsonSchema;
  try {
    json = jsonSchemaOf(schema, 'input', `${where}: outputSchema`);
  } catch (err) {
    throw new AgentError('INVALID_ARGUMENT', err instanceof Error ? err.message : String(err), { cause: err });
  }
  return {
    json,
    check: async (text) => {
      const answer = parseAnswer(text);
      return answer.ok ? checkWithSchema(schema, answer.value) : answer;
    },
  };
}

function jsonSchema(schema: JsonSchema, where: string): PreparedOutput {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    throw new AgentError(
      'INVALID_ARGUMENT',
      `${where}: outputSchema must be a Standard Schema (Zod, Valibot, ArkType, …) or a JSON Schema object`,
    );
  const ajv = jsonSchemaAjv();
  let validate: ValidateFunction;
  try {
    validate = compileJsonSchema(schema);
  } catch (err) {
    throw new AgentError(
      'INVALID_ARGUMENT',
      `${where}: outputSchema is not a valid JSON Schema: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return {
    json: schema,
    check: async (text) => {
      const answer = parseAnswer(text);
      if (!answer.ok || validate(answer.value)) return answer;
      return { ok: false, message: ajv.errorsText(validate.errors, { dataVar: 'output' }), issues: [] };
    },
  };
}

/** The answer's JSON value, or a failed check saying it is not JSON. */
function parseAnswer(text: string): SchemaCheck<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, message: `the answer is not JSON (${err instanceof Error ? err.message : String(err)})`, issues: [] };
  }
}
