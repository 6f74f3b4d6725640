import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@weft/graph';

/** What a resume answers to a tool that needs approval. */
export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
  /** Edited arguments; validated again. */
  arguments?: Record<string, unknown>;
}

/** The JSON Schema of an approval's answer, as the interrupt record's `resumeSchema` shows it. */
const JSON_SCHEMA = {
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    reason: { type: 'string' },
    arguments: { type: 'object', description: 'Edited arguments; checked against the tool’s parameters again' },
  },
  required: ['approved'],
  additionalProperties: false,
} as const;

const KEYS = new Set(['approved', 'reason', 'arguments']);

/** Why a value is no approval answer, or undefined. */
function problem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'expected { approved: boolean, reason?, arguments? }';
  const v = value as Record<string, unknown>;
  if (typeof v['approved'] !== 'boolean') return 'approved: expected a boolean';
  if (v['reason'] !== undefined && typeof v['reason'] !== 'string') return 'reason: expected a string';
  const args = v['arguments'];
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) return 'arguments: expected an object';
  const extra = Object.keys(v).find((k) => !KEYS.has(k));
  return extra === undefined ? undefined : `${extra}: not a field of an approval (approved, reason, arguments)`;
}

/**
 * The resume schema of a tool approval: a value that is no `{ approved,
 * reason?, arguments? }` is refused when the thread is resumed
 * (RESUME_INVALID), and the approval keeps waiting, instead of failing the
 * run inside the tools node. A Standard Schema written out (no schema
 * library is a dependency of @weft/agents), with its JSON Schema.
 */
export const approvalDecisionSchema: StandardSchemaV1<ApprovalDecision> & StandardJSONSchemaV1<ApprovalDecision> = {
  '~standard': {
    version: 1,
    vendor: 'weft',
    validate: (value) => {
      const why = problem(value);
      return why === undefined ? { value: value as ApprovalDecision } : { issues: [{ message: why }] };
    },
    jsonSchema: { input: () => ({ ...JSON_SCHEMA }), output: () => ({ ...JSON_SCHEMA }) },
  },
};
