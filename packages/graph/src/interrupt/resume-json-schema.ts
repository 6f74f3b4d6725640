import { jsonSchemaOf } from '../schema/json-schema-of.ts';
import { deepFreeze } from '../state/deep-freeze.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';

const cache = new WeakMap<StandardSchemaV1, Record<string, unknown> | null>();

/**
 * The JSON Schema of the values a resume schema accepts, for the interrupt
 * record (and so for another process: the CLI prints a value shaped by it).
 * Undefined when the library has no converter or the schema has no JSON
 * form: the interrupt still works, its record just does not carry the shape.
 * Made once per schema, and frozen: every record of the schema shares it.
 */
export function resumeJsonSchema(schema: StandardSchemaV1): Record<string, unknown> | undefined {
  let json = cache.get(schema);
  if (json === undefined) {
    try {
      json = deepFreeze(jsonSchemaOf(schema, 'input', 'interrupt()'));
    } catch {
      json = null;
    }
    cache.set(schema, json);
  }
  return json ?? undefined;
}
