import { runTargetKind } from '@weft/agents';
import type { EvalSubject, EvalTarget, EvalTargetContext } from '../define/eval-definition.ts';
import { EvalError } from '../errors.ts';

/**
 * The agent or graph an eval's target gives for a context: the target
 * itself, or what its factory builds. A factory that returns anything else
 * is INVALID_EVAL, naming what it returned.
 */
export function subjectOf(target: EvalTarget, context: EvalTargetContext): EvalSubject {
  if (runTargetKind(target) !== undefined) return target as EvalSubject;
  if (typeof target !== 'function')
    throw new EvalError('INVALID_EVAL', 'the eval’s target must be an agent, a compiled graph, or a function that builds one for a case');
  const built: unknown = (target as (c: EvalTargetContext) => unknown)(context);
  if (runTargetKind(built) === undefined)
    throw new EvalError(
      'INVALID_EVAL',
      `the eval’s target factory returned ${built === null ? 'null' : typeof built}, not an agent or a compiled graph${built instanceof Promise ? ' (it must not be async)' : ''}`,
    );
  return built as EvalSubject;
}
