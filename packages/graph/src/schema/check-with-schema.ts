import { WeftError } from '../errors.ts';
import type { StandardSchemaV1 } from './standard-schema.ts';

/** What validating a value gave: the schema's output, or the schema's own messages joined into one. */
export type SchemaCheck<T> = { ok: true; value: T } | { ok: false; message: string; issues: readonly StandardSchemaV1.Issue[] };

/**
 * Validates with the schema's own validator (sync or async, as the library
 * does it). The message is the library's, each issue prefixed with where it
 * is: `city: Invalid input: expected string, received number`.
 */
export async function checkWithSchema<S extends StandardSchemaV1>(
  schema: S,
  value: unknown,
): Promise<SchemaCheck<StandardSchemaV1.InferOutput<S>>> {
  return toCheck(await schema['~standard'].validate(value));
}

/**
 * The same, for places that cannot wait (a graph's initial state, a
 * definition). A schema that validates asynchronously is a typed error there.
 */
export function checkWithSchemaSync<S extends StandardSchemaV1>(
  schema: S,
  value: unknown,
  where: string,
): SchemaCheck<StandardSchemaV1.InferOutput<S>> {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) {
    result.catch(() => {});
    throw new WeftError(
      'INVALID_ARGUMENT',
      `${where}: the ${schema['~standard'].vendor} schema validates asynchronously, which cannot be used here; use a schema without async refinements`,
    );
  }
  return toCheck(result);
}

function toCheck<T>(result: StandardSchemaV1.Result<T>): SchemaCheck<T> {
  if (result.issues === undefined) return { ok: true, value: result.value };
  return { ok: false, message: issuesMessage(result.issues), issues: result.issues };
}

/** `path: message` for each issue (just the message at the root), joined with "; ". */
export function issuesMessage(issues: readonly StandardSchemaV1.Issue[]): string {
  if (issues.length === 0) return 'the value does not match the schema';
  return issues
    .map((issue) => {
      const path = (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null ? p.key : p)).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
