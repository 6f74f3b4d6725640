import { WeftError } from '../errors.ts';
import { checkWithSchemaSync } from '../schema/check-with-schema.ts';
import { isStandardSchema, type StandardSchemaV1 } from '../schema/standard-schema.ts';

/**
 * What makes a graph's initial state: the function given as `state`, or, for
 * a Standard Schema, the schema's value for `{}` (its defaults), found once
 * here and shared by every run: state is frozen and only ever replaced
 * (immer), never changed in place. A schema that refuses `{}` is an
 * INVALID_ARGUMENT now, not a failure of the first run.
 */
export function initialState(graphName: string, state: unknown): (() => unknown) | undefined {
  if (state === undefined || (typeof state === 'function' && !isStandardSchema(state))) return state as (() => unknown) | undefined;
  if (!isStandardSchema(state)) {
    throw new WeftError(
      'INVALID_ARGUMENT',
      `graph "${graphName}": state must be a function returning the initial state, or a Standard Schema (Zod, Valibot, ArkType…) whose defaults make it`,
    );
  }
  const check = checkWithSchemaSync(state as StandardSchemaV1, {}, `graph "${graphName}" state`);
  if (!check.ok) {
    throw new WeftError(
      'INVALID_ARGUMENT',
      `graph "${graphName}": the state schema does not accept {} (${check.message}); the initial state is the schema's value for {}, so give every field a default (z.number().default(0)), or pass state as a function returning the initial state`,
    );
  }
  // A copy: the library may hand out its default objects themselves, and the run freezes the state.
  const initial = structuredClone(check.value);
  return () => initial;
}
