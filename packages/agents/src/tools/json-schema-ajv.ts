import { createRequire } from 'node:module';
import type { Ajv, Options } from 'ajv';

let ajv: Ajv | undefined;

/**
 * The options of that ajv (check-json-schema.js is generated with them).
 * `validateSchema: false`: compileJsonSchema checks each schema against the
 * meta-schema with generated code instead of ajv compiling the meta-schema.
 */
export const JSON_SCHEMA_AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  addUsedSchema: false,
  logger: false,
  validateSchema: false,
};

/**
 * The ajv that checks JSON Schemas written by hand or by a server: tools'
 * `parameters` and agents' `outputSchema`. Made at the first schema, and ajv
 * and ajv-formats are loaded then too (66 CommonJS files): importing them with
 * the package cost every process that imports @weft/agents 30-60 ms, with or
 * without a JSON Schema (a fresh node 20 process on a 2-core VM, 2026-11-28).
 *
 * - `format` is checked, with ajv-formats' full set: JSON Schema's (uri,
 *   email, date-time, uuid, …) and OpenAPI's (int32, int64, float, double,
 *   byte, binary, password). A format neither names (a server's own) is an
 *   annotation, as JSON Schema says: accepted, and not printed (ajv's default
 *   logger wrote `unknown format "uri" ignored …` to stderr for every tool of
 *   an MCP server that used one).
 * - `strict: false`: the keywords providers and servers add are ignored.
 * - `addUsedSchema: false`: a schema with an `$id` is not registered, so the
 *   same schema can be compiled again (a server listing its tools anew)
 *   without "schema with key or id already exists".
 */
export function jsonSchemaAjv(): Ajv {
  if (!ajv) {
    const require = createRequire(import.meta.url);
    const { Ajv } = require('ajv') as typeof import('ajv');
    // ajv-formats is CommonJS: its module.exports is the plugin, which is also its own `.default` (what the types see).
    const formats = require('ajv-formats') as typeof import('ajv-formats');
    ajv = new Ajv(JSON_SCHEMA_AJV_OPTIONS);
    formats.default(ajv);
  }
  return ajv;
}
