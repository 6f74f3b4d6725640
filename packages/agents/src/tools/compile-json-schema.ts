import type { ValidateFunction } from 'ajv';
import { checkJsonSchema } from './check-json-schema.js';
import { jsonSchemaAjv } from './json-schema-ajv.ts';

/** The meta-schema check-json-schema.js was generated from, which ajv also uses for a schema without `$schema`. */
const DRAFT_07 = 'http://json-schema.org/draft-07/schema';

/**
 * Compiles a JSON Schema written by hand or by a server (tools' `parameters`,
 * agents' `outputSchema`) with jsonSchemaAjv, after checking it against its
 * meta-schema: draft-07's by generated code (check-json-schema.js), any other
 * `$schema` by ajv as before. Throws ajv's own errors, with the same messages
 * ("schema is invalid: data/properties/a/type must be …").
 *
 * @example
 * const validate = compileJsonSchema({ type: 'object', properties: { city: { type: 'string' } } });
 * validate({ city: 'Oslo' }); // true
 */
export function compileJsonSchema(schema: object): ValidateFunction {
  const ajv = jsonSchemaAjv();
  const $schema = ($schemaOf(schema) ?? DRAFT_07).replace(/#$/, '');
  // validateSchema throws ajv's error for an invalid schema or an unknown `$schema`; its result is only read when it does not.
  if ($schema !== DRAFT_07) void ajv.validateSchema(schema, true);
  else if (!checkJsonSchema(schema)) throw new Error(`schema is invalid: ${ajv.errorsText(checkJsonSchema.errors)}`);
  return ajv.compile(schema);
}

/** A schema's `$schema`, when it is a string (ajv's validateSchema reports any other value). */
function $schemaOf(schema: object): string | undefined {
  const value: unknown = (schema as { $schema?: unknown }).$schema;
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : '(not a string)';
}
