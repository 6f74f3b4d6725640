import { ModelError } from '../errors.ts';

/**
 * Checks a call's prompt-cache marks (`ModelCallOptions.cacheBreakpoints`)
 * before anything is sent: each must be the index of one of the `count`
 * messages. A mark past the end would otherwise vanish without a word, and
 * the prompt be sent uncached.
 */
export function checkCacheBreakpoints(model: string, breakpoints: readonly number[] | undefined, count: number): readonly number[] {
  if (breakpoints === undefined) return [];
  if (!Array.isArray(breakpoints))
    throw new ModelError('INVALID_ARGUMENT', `model "${model}": cacheBreakpoints must be an array of message indices`, {
      details: { model },
    });
  for (const index of breakpoints as readonly unknown[])
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count)
      throw new ModelError(
        'INVALID_ARGUMENT',
        `model "${model}": cacheBreakpoints has ${String(index)}, which is not the index of one of the ${count} messages`,
        { details: { model } },
      );
  return breakpoints;
}
