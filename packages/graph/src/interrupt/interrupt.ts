import { WeftError } from '../errors.ts';
import { isStandardSchema, type SchemaOutput, type StandardSchemaV1 } from '../schema/standard-schema.ts';
import { checkResumeValue } from './check-resume-value.ts';
import { GraphInterrupt } from './graph-interrupt.ts';
import type { InterruptRecord } from '@weft/checkpoint';
import { nodeScope } from './node-scope.ts';
import { rememberResumeSchema } from './resume-schemas.ts';
import { resumeJsonSchema } from './resume-json-schema.ts';

/** Options of `interrupt()`. */
export interface InterruptOptions<R extends StandardSchemaV1 = StandardSchemaV1> {
  /**
   * The value the interrupt takes, as a Standard Schema (Zod, Valibot,
   * ArkType…): `interrupt()` returns its output type, `resume()` refuses a
   * value it rejects (RESUME_INVALID) and the interrupt record carries its
   * JSON Schema (`resumeSchema`) when the library writes one.
   */
  resume?: R;
}

/**
 * Stops the current node and the run (after the step's other nodes finish),
 * reporting `info`. When the run is resumed with a value for this interrupt,
 * the node runs again from its start and this call returns that value; earlier
 * `interrupt()` calls in the node return their earlier values.
 *
 * With `{ resume: schema }` the value is typed and checked by the schema's
 * own library. `resume()` refuses a wrong value before any node runs when
 * this process has run the interrupt before (it remembers the schema for the
 * compiled graph); otherwise — a new process resuming the thread — the check
 * happens here, when the node runs again: the interrupt is raised again and
 * the run ends with status 'error' and RESUME_INVALID. Either way the thread
 * still waits at the interrupt, and a value that matches resumes it.
 *
 * @example
 * import { z } from 'zod';
 * const review = (draft: string) => {
 *   const { approved } = interrupt({ draft }, { resume: z.object({ approved: z.boolean() }) });
 *   return approved ? draft : 'rejected';
 * };
 */
export function interrupt<R extends StandardSchemaV1>(info: unknown, options: { resume: R }): SchemaOutput<R>;
export function interrupt<R = unknown>(info?: unknown, options?: InterruptOptions): R;
export function interrupt(info?: unknown, options?: InterruptOptions): unknown {
  const scope = nodeScope.getStore();
  if (!scope) {
    throw new WeftError(
      'INTERRUPT_OUTSIDE_NODE',
      'interrupt() was called outside a running graph node; call it from a node, a tool or an agent',
    );
  }
  const schema = options === undefined ? undefined : schemaOf(options);
  const index = scope.calls++;
  if (schema) rememberResumeSchema(scope.site, index, schema);
  if (index < scope.resume.length) {
    const value = scope.resume[index];
    if (!schema) return value;
    const id = `${scope.address}#${index}`;
    const checked = checkResumeValue(schema, id, value);
    if (checked.ok) return checked.value;
    // Raised again, without the refused value: the thread waits here as before.
    throw new GraphInterrupt([record(id, scope, info, schema)], { error: checked.error, kept: index });
  }
  throw new GraphInterrupt([record(`${scope.address}#${index}`, scope, info, schema)]);
}

function record(
  id: string,
  scope: { address: string; parentPath: readonly string[]; node: string },
  info: unknown,
  schema: StandardSchemaV1 | undefined,
): InterruptRecord {
  const rec: InterruptRecord = { id, address: scope.address, path: [...scope.parentPath, scope.node], info };
  const json = schema && resumeJsonSchema(schema);
  if (json) rec.resumeSchema = json;
  return rec;
}

function schemaOf(options: InterruptOptions): StandardSchemaV1 | undefined {
  if (options === null || typeof options !== 'object')
    throw new WeftError('INVALID_ARGUMENT', 'interrupt(info, options): options must be an object, e.g. { resume: z.object({ … }) }');
  const schema = options.resume;
  if (schema === undefined || isStandardSchema(schema)) return schema;
  throw new WeftError(
    'INVALID_ARGUMENT',
    'interrupt(info, { resume }): resume must be a Standard Schema (Zod 4, Valibot, ArkType, …) describing the value the interrupt takes',
  );
}
