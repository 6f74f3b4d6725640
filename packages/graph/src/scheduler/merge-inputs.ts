import type { PlanNode } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';

/**
 * Combines two values delivered to an `any` node in the same step: the node's
 * own `merge`, else arrays concatenate and plain objects merge; anything else,
 * or an object key with two different values, is a typed error.
 */
export function mergeInputs(node: PlanNode, a: unknown, b: unknown): unknown {
  if (node.options.merge) return node.options.merge(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (isPlainObject(a) && isPlainObject(b)) {
    const conflict = Object.keys(b).find((k) => k in a && a[k] !== b[k]);
    if (conflict === undefined) return { ...a, ...b };
    throw conflictError(node, `both set key "${conflict}"`);
  }
  throw conflictError(node, 'they are not two arrays or two objects');
}

function conflictError(node: PlanNode, why: string): WeftError {
  return new WeftError(
    'INPUT_MERGE_CONFLICT',
    `node "${node.name}" received two inputs in one step and cannot combine them (${why}); give the node a merge option or route through a join (trigger 'all')`,
    { details: { node: node.name } },
  );
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
