import { WeftError } from '../errors.ts';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard-schema.ts';

/**
 * The JSON Schema of a Standard Schema, through the Standard JSON Schema
 * interface (`~standard.jsonSchema`: Zod 4.2+, ArkType 2.1.28+; Valibot
 * through `toStandardJsonSchema()` of `@valibot/to-json-schema`). `io` picks
 * the side: what the schema accepts (`input`, what a model should send) or
 * what it gives (`output`). Draft 2020-12, without the `$schema` key, so that
 * every library gives the same object for the same shape.
 */
export function jsonSchemaOf(schema: StandardSchemaV1, io: 'input' | 'output', where: string): Record<string, unknown> {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (!converter || typeof converter[io] !== 'function') {
    throw new WeftError(
      'INVALID_ARGUMENT',
      `${where}: this ${schema['~standard'].vendor} schema has no JSON Schema converter (the Standard JSON Schema "~standard.jsonSchema"); ` +
        'Zod 4.2+ and ArkType 2.1.28+ have one, wrap a Valibot schema with toStandardJsonSchema() from @valibot/to-json-schema, ' +
        'or pass a JSON Schema object instead',
    );
  }
  let json: Record<string, unknown>;
  try {
    json = converter[io]({ target: 'draft-2020-12' });
  } catch (err) {
    throw new WeftError(
      'INVALID_ARGUMENT',
      `${where}: the schema cannot be written as JSON Schema: ${err instanceof Error ? err.message : String(err)}`,
      {
        cause: err,
      },
    );
  }
  const { $schema: _dropped, ...rest } = json;
  return rest;
}
