import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';

export type { StandardJSONSchemaV1, StandardSchemaV1 };

/** The value a Standard Schema accepts (Zod's `z.input`). */
export type SchemaInput<S extends StandardSchemaV1> = StandardSchemaV1.InferInput<S>;
/** The value a Standard Schema gives after validating (Zod's `z.infer`). */
export type SchemaOutput<S extends StandardSchemaV1> = StandardSchemaV1.InferOutput<S>;

/** True for any Standard Schema (Zod 4, Valibot, ArkType, …): an object or function with a `~standard` property. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const props = (value as { '~standard'?: unknown })['~standard'];
  return props !== null && typeof props === 'object' && typeof (props as { validate?: unknown }).validate === 'function';
}
