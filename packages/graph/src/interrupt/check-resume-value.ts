import { WeftError } from '../errors.ts';
import { checkWithSchemaSync } from '../schema/check-with-schema.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';
import { resumeJsonSchema } from './resume-json-schema.ts';

/**
 * A resume value checked against its interrupt's schema by the schema's own
 * library: the schema's output (defaults, transforms), or RESUME_INVALID with
 * the library's message. Synchronous, since `interrupt()` returns the value
 * to the node as it is called; an async schema is an INVALID_ARGUMENT.
 */
export function checkResumeValue(
  schema: StandardSchemaV1,
  id: string,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; error: WeftError } {
  const check = checkWithSchemaSync(schema, value, `the resume schema of interrupt "${id}"`);
  if (check.ok) return check;
  const json = resumeJsonSchema(schema);
  const error = new WeftError(
    'RESUME_INVALID',
    `the value for interrupt "${id}" does not match its resume schema: ${check.message}; the interrupt still waits: resume it again with a value that matches`,
    // The shape it takes, for whoever answers again (the CLI prints a value shaped by it).
    { details: { interruptId: id, ...(json ? { resumeSchema: json } : {}) } },
  );
  return { ok: false, error };
}
