import type { ValidateFunction } from 'ajv/dist/jtd.js';

/**
 * Whether a decoded value has the JTD shape of a `CheckpointRecord`
 * (checkpoint-record-schema.ts); on false, `errors` holds ajv's errors. The
 * function is ajv's standalone code for the schema, written ahead of time into
 * check-record-shape.js, so a process checks records without loading ajv.
 *
 * @example
 * checkRecordShape({ graph: 1 }); // false
 * checkRecordShape.errors?.[0]?.instancePath; // '/graph'
 */
export declare const checkRecordShape: ValidateFunction;
