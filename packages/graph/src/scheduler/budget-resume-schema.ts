import type { StandardJSONSchemaV1, StandardSchemaV1 } from '../schema/standard-schema.ts';
import { budgetProblem, LIMIT_NAMES, type BudgetResume } from '../spec/budget.ts';

const limits = {
  type: 'object',
  properties: Object.fromEntries(LIMIT_NAMES.map((name) => [name, { type: 'number', exclusiveMinimum: 0 }])),
  additionalProperties: false,
  minProperties: 1,
} as const;

/** The JSON Schema of a budget resume value, for the interrupt record (the CLI and the Studio shape an answer by it). */
const JSON_SCHEMA: Record<string, unknown> = {
  oneOf: [
    { type: 'object', properties: { extend: limits }, required: ['extend'], additionalProperties: false },
    { type: 'object', properties: { budget: limits }, required: ['budget'], additionalProperties: false },
    { type: 'object', properties: { stop: { const: true } }, required: ['stop'], additionalProperties: false },
  ],
};

/** Why `value` is not a budget resume value, or undefined. */
function resumeProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'expected { extend }, { budget } or { stop: true }';
  const keys = Object.keys(value);
  if (keys.length !== 1) return `expected exactly one of extend, budget, stop; got ${keys.length ? keys.join(', ') : 'none'}`;
  const [key] = keys as [string];
  const inner = (value as Record<string, unknown>)[key];
  if (key === 'stop') return inner === true ? undefined : 'stop must be true';
  if (key !== 'extend' && key !== 'budget') return `"${key}" is not extend, budget or stop`;
  if (inner === null || typeof inner !== 'object' || Object.keys(inner).length === 0)
    return `${key} must name at least one limit, e.g. { ${key}: { tokens: 5_000 } }`;
  const problem = budgetProblem(inner, true);
  return problem && `${key}: ${problem}`;
}

/**
 * The resume schema of a budget interrupt, as a Standard Schema (with its
 * Standard JSON Schema), so `interrupt()` checks the value like any typed
 * resume: a value it refuses is RESUME_INVALID and the thread still waits.
 *
 * @example
 * budgetResumeSchema['~standard'].validate({ extend: { modelCalls: 5 } }); // { value: { extend: { modelCalls: 5 } } }
 */
export const budgetResumeSchema: StandardSchemaV1<BudgetResume> & StandardJSONSchemaV1<BudgetResume> = {
  '~standard': {
    version: 1,
    vendor: 'weft',
    validate(value: unknown) {
      const problem = resumeProblem(value);
      return problem ? { issues: [{ message: problem }] } : { value: value as BudgetResume };
    },
    jsonSchema: { input: () => JSON_SCHEMA, output: () => JSON_SCHEMA },
  },
};
