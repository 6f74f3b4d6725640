import { checkOutputSchema, type OutputSchema } from '@weft/agents';
import { checkWithSchema, isStandardSchema, type StandardSchemaV1 } from '@weft/graph';
import { EvalError } from '../errors.ts';
import { jsonOrText } from './json-or-text.ts';
import type { Scorer } from './scorer.ts';
import { showValue } from './show-value.ts';
import { unfinishedRun } from './unfinished-run.ts';

/**
 * Passes when the final output is valid for a Standard Schema (Zod,
 * Valibot, ArkType, …), checked by the schema's own validator, or for a JSON
 * Schema (checked as an agent's `outputSchema` is); an output that is JSON
 * text (an agent's structured answer) is parsed first. The
 * reason of a failure is the schema's own messages (`city: expected string,
 * received number`). Scores 1 or 0; a run that did not end `done` scores 0.
 *
 * @example
 * scorers: { shape: matchesSchema(z.object({ invoiceId: z.string(), refunded: z.boolean() })) }
 */
export function matchesSchema(schema: OutputSchema): Scorer {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new EvalError(
      'INVALID_ARGUMENT',
      `matchesSchema() takes a Standard Schema (a Zod, Valibot or ArkType schema) or a JSON Schema object, got ${showValue(schema)}`,
    );
  }
  if (!isStandardSchema(schema)) return jsonSchemaScorer(schema);
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

function jsonSchemaScorer(schema: Exclude<OutputSchema, StandardSchemaV1>): Scorer {
  let prepared: ReturnType<typeof checkOutputSchema>;
  try {
    prepared = checkOutputSchema(schema, 'matchesSchema()');
  } catch (err) {
    throw new EvalError('INVALID_ARGUMENT', (err as Error).message, { cause: err });
  }
  return {
    name: 'matchesSchema',
    async score(run) {
      const unfinished = unfinishedRun(run);
      if (unfinished) return unfinished;
      const output = jsonOrText(run.output);
      const check = await prepared.check(JSON.stringify(output) ?? 'null');
      if (check.ok) return { score: 1, pass: true, reason: 'the output matches the JSON Schema' };
      return { score: 0, pass: false, reason: `the output does not match the JSON Schema: ${check.message}` };
    },
  };
}

function pathKey(segment: PropertyKey | StandardSchemaV1.PathSegment): string | number {
  const key = typeof segment === 'object' ? segment.key : segment;
  return typeof key === 'number' ? key : String(key);
}
