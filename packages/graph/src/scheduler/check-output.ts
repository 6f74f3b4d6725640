import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import { checkWithSchema } from '../schema/check-with-schema.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';

/**
 * What END received, as the graph's output schema gives it, or OUTPUT_INVALID
 * with the schema library's own message. Runs once, where a run ends done.
 */
export async function checkOutput(
  plan: ExecutionPlan,
  schema: StandardSchemaV1,
  output: unknown,
): Promise<{ ok: true; value: unknown } | { ok: false; error: WeftError }> {
  const check = await checkWithSchema(schema, output);
  if (check.ok) return check;
  const error = new WeftError('OUTPUT_INVALID', `the output of graph "${plan.name}" does not match its output schema: ${check.message}`, {
    details: { graph: plan.name },
  });
  return { ok: false, error };
}
