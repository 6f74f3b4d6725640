import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import { checkWithSchema } from '../schema/check-with-schema.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';

/**
 * A run's input as the graph's input schema gives it (defaults, transforms),
 * or INPUT_INVALID with the schema library's own message.
 */
export async function checkInput(plan: ExecutionPlan, schema: StandardSchemaV1, input: unknown): Promise<unknown> {
  const check = await checkWithSchema(schema, input);
  if (check.ok) return check.value;
  throw new WeftError('INPUT_INVALID', `the input of graph "${plan.name}" does not match its input schema: ${check.message}`, {
    details: { graph: plan.name },
  });
}
