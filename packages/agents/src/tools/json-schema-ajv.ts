import { Ajv, type Options } from 'ajv';
import formats from 'ajv-formats';

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
 * `parameters` and agents' `outputSchema`. Made at the first schema. ajv and
 * ajv-formats are imported with the package (30-40 ms of a fresh node 20
 * process on a 2-core VM, 2026-11-28), not required at the first schema
 * through createRequire: a bundler (esbuild) inlines an import, while a
 * require made at run time looks for ajv beside the bundle ("Cannot find
 * module 'ajv'" from a weft bundled with its dependencies).
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
    ajv = new Ajv(JSON_SCHEMA_AJV_OPTIONS);
    // ajv-formats is CommonJS: Node's default import is its module.exports, the plugin, which is also its own `.default` (what the types see).
    formats.default(ajv);
  }
  return ajv;
}
