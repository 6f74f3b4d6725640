import { isDeepStrictEqual } from 'node:util';
import type { ArgMatcher, ExpectedStep } from '../define/expected-step.ts';
import type { TrajectoryStep } from '../run/trajectory-step.ts';

/**
 * Whether a step the run took is the expected one. A tool call matches an
 * expected call of the same tool (and agent, when given) whose every given
 * argument matches the call's argument of that key (see `matchArg`); other
 * arguments are free. A transfer matches an expected transfer to the same
 * agent (and from the same one, when given).
 *
 * @example
 * matchStep({ tool: 'refund', args: { invoice_id: /^INV-/ } }, { type: 'tool', agent: 'Billing', tool: 'refund', args: { invoice_id: 'INV-1042' } }); // true
 */
export function matchStep(expected: ExpectedStep, actual: TrajectoryStep): boolean {
  if ('tool' in expected) {
    if (actual.type !== 'tool' || actual.tool !== expected.tool) return false;
    if (expected.agent !== undefined && actual.agent !== expected.agent) return false;
    const args = expected.args ?? {};
    const given = actual.args !== null && typeof actual.args === 'object' ? (actual.args as Record<string, unknown>) : undefined;
    return Object.entries(args).every(([key, matcher]) => matchArg(matcher, given && Object.hasOwn(given, key) ? given[key] : undefined));
  }
  if (actual.type !== 'transfer' || actual.to !== expected.transfer) return false;
  return expected.from === undefined || actual.from === expected.from;
}

/**
 * Whether an argument's value satisfies its matcher: a RegExp tests the
 * text of a string, or the JSON of any other value (an absent argument never
 * matches); a function is a predicate given the value (undefined when
 * absent); anything else must be deeply equal.
 *
 * @example
 * matchArg(/^\d+$/, 42); // true: tested against "42"
 * matchArg((n: unknown) => typeof n === 'number' && n > 10, 42); // true
 */
export function matchArg(matcher: ArgMatcher, value: unknown): boolean {
  if (matcher instanceof RegExp) {
    if (value === undefined) return false;
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    // A global or sticky RegExp keeps lastIndex between tests; each argument is tested from its start.
    matcher.lastIndex = 0;
    return matcher.test(text);
  }
  if (typeof matcher === 'function') return Boolean((matcher as (value: unknown) => unknown)(value));
  return isDeepStrictEqual(value, matcher);
}
