import { checkWithSchema, isStandardSchema, type StandardSchemaV1 } from '@weft/graph';
import { EvalError } from '../errors.ts';
import { jsonOrText } from './json-or-text.ts';
import type { Scorer } from './scorer.ts';
import { showValue } from './show-value.ts';
import { unfinishedRun } from './unfinished-run.ts';

/**
 * Passes when the final output is valid for a Standard Schema (Zod,
 * Valibot, ArkType, …), checked by the schema's own validator; an output
 * that is JSON text (an agent's structured answer) is parsed first. The
 * reason of a failure is the schema's own messages (`city: expected string,
 * received number`). Scores 1 or 0; a run that did not end `done` scores 0.
 *
 * @example
 * scorers: { shape: matchesSchema(z.object({ invoiceId: z.string(), refunded: z.boolean() })) }
 */
export function matchesSchema(schema: StandardSchemaV1): Scorer {
  if (!isStandardSchema(schema)) {
    throw new EvalError(
      'INVALID_ARGUMENT',
      `matchesSchema() takes a Standard Schema (a Zod, Valibot or ArkType schema, with "~standard.validate"), got ${showValue(schema)}`,
    );
  }
  return {
    name: 'matchesSchema',
    async score(run) {
      const unfinished = unfinishedRun(run);
      if (unfinished) return unfinished;
      const check = await checkWithSchema(schema, jsonOrText(run.output));
      if (check.ok) return { score: 1, pass: true, reason: `the output matches the ${schema['~standard'].vendor} schema` };
      return {
        score: 0,
        pass: false,
        reason: `the output does not match the ${schema['~standard'].vendor} schema: ${check.message}`,
        details: { issues: check.issues.map((issue) => ({ message: issue.message, path: issue.path?.map(pathKey) ?? [] })) },
      };
    },
  };
}

function pathKey(segment: PropertyKey | StandardSchemaV1.PathSegment): string | number {
  const key = typeof segment === 'object' ? segment.key : segment;
  return typeof key === 'number' ? key : String(key);
}
