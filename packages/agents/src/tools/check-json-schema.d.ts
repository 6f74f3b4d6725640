import type { ValidateFunction } from 'ajv';

/**
 * Whether a value is a valid JSON Schema by the draft-07 meta-schema, as
 * jsonSchemaAjv's options check it; on false, `errors` holds ajv's errors. The
 * function is ajv's standalone code for the meta-schema, written ahead of time
 * into check-json-schema.js, so no process compiles the meta-schema.
 *
 * @example
 * checkJsonSchema({ type: 'nonsense' }); // false
 */
export declare const checkJsonSchema: ValidateFunction;
