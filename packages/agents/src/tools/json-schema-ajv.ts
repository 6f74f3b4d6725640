import { Ajv } from 'ajv';
import formats from 'ajv-formats';

let ajv: Ajv | undefined;

/**
 * The ajv that checks JSON Schemas written by hand or by a server: tools'
 * `parameters` and agents' `outputSchema`. Made at the first schema, so that
 * importing @weft/agents does not pay for ajv's own meta-schemas.
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
    ajv = new Ajv({ allErrors: true, strict: false, addUsedSchema: false, logger: false });
    // ajv-formats is CommonJS: Node's default import is its module.exports, the plugin, which is also its own `.default` (what the types see).
    formats.default(ajv);
  }
  return ajv;
}
