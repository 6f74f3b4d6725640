import type { ExpectedStep } from '../define/expected-step.ts';
import { EvalError } from '../errors.ts';
import type { TrajectoryStep } from '../run/trajectory-step.ts';
import { describeStep } from './describe-step.ts';
import { matchStep } from './match-step.ts';
import { maxMatching } from './max-matching.ts';
import type { Scorer, ScorerResult } from './scorer.ts';
import { showValue } from './show-value.ts';

/** How a trajectory is compared with the expected steps (the modes of agentevals' trajectory match). */
export type TrajectoryMode = 'strict' | 'unordered' | 'subset' | 'superset';

const MODES: readonly TrajectoryMode[] = ['strict', 'unordered', 'subset', 'superset'];

export interface TrajectoryOptions {
  /** Default `strict`. */
  mode?: TrajectoryMode;
  /** The expected steps, over each case's `expected.trajectory`. */
  expected?: readonly ExpectedStep[];
  /** Steps left out of both sides before comparing: `'transfer'` for every transfer, or tool names. */
  ignore?: readonly string[];
}

/**
 * Compares the tool calls and transfers the run made (`run.trajectory`)
 * with the expected steps (`expected`, else the case's `expected.trajectory`;
 * a case without one is skipped). A step matches as `matchStep` says; each
 * step on either side is paired at most once, by a maximum matching.
 *
 * - `strict`: the same steps in the same order, no more, no fewer.
 *   Score: the longest run of steps matched in order ÷ the longer side's length.
 * - `unordered`: the same steps in any order. Score: matched pairs ÷ the longer side's length.
 * - `subset`: every step the run made was expected (it did nothing else;
 *   an expected step may not happen). Score: matched pairs ÷ the run's steps.
 * - `superset`: every expected step happened (anything else may happen too).
 *   Score: matched pairs ÷ the expected steps.
 *
 * The score is 1 when the mode holds (two empty sides hold in every mode),
 * and `pass` is whether it holds. The reason names the first step missing
 * or unexpected.
 *
 * @example
 * scorers: {
 *   tools: trajectory({ mode: 'superset', ignore: ['transfer'] }),
 *   refund: trajectory({ mode: 'strict', expected: [{ tool: 'lookup_invoice' }, { tool: 'refund', args: { invoice_id: /^INV-/ } }] }),
 * }
 */
export function trajectory(options: TrajectoryOptions = {}): Scorer {
  const { mode = 'strict', expected: fixed, ignore = [] } = checkOptions(options);
  const kept = (step: ExpectedStep | TrajectoryStep) => !ignore.includes(stepKind(step));
  return {
    name: 'trajectory',
    score(run) {
      const wanted = fixed ?? run.case.expected?.trajectory;
      if (wanted === undefined) return null;
      const expected = wanted.filter(kept);
      const actual = run.trajectory.filter(kept);
      return mode === 'strict' ? compareStrict(expected, actual) : compareMatched(mode, expected, actual);
    },
  };
}

/** `'transfer'` for a transfer, the tool's name for a call: what `ignore` names. */
function stepKind(step: ExpectedStep | TrajectoryStep): string {
  if ('type' in step) return step.type === 'transfer' ? 'transfer' : step.tool;
  return 'tool' in step ? step.tool : 'transfer';
}

function compareStrict(expected: readonly ExpectedStep[], actual: readonly TrajectoryStep[]): ScorerResult {
  const longest = Math.max(expected.length, actual.length);
  const at = firstMismatch(expected, actual);
  const details = { mode: 'strict', expected: expected.length, actual: actual.length, matchedInOrder: inOrder(expected, actual) };
  if (at === -1) {
    return { score: 1, pass: true, reason: `the run made the ${stepCount(expected.length)} expected, in order`, details };
  }
  const want = expected[at];
  const got = actual[at];
  const reason =
    want === undefined
      ? `step ${at + 1}: unexpected ${describeStep(got!)} after the ${stepCount(expected.length)} expected`
      : got === undefined
        ? `step ${at + 1}: expected ${describeStep(want)}, but the run made only ${stepCount(actual.length)}`
        : `step ${at + 1}: expected ${describeStep(want)}, got ${describeStep(got)}`;
  return { score: details.matchedInOrder / longest, pass: false, reason, details };
}

function firstMismatch(expected: readonly ExpectedStep[], actual: readonly TrajectoryStep[]): number {
  const longest = Math.max(expected.length, actual.length);
  for (let i = 0; i < longest; i++) {
    const want = expected[i];
    const got = actual[i];
    if (want === undefined || got === undefined || !matchStep(want, got)) return i;
  }
  return -1;
}

/** The longest common subsequence under `matchStep`: how many expected steps the run made in order. */
function inOrder(expected: readonly ExpectedStep[], actual: readonly TrajectoryStep[]): number {
  let previous = new Array<number>(actual.length + 1).fill(0);
  for (const want of expected) {
    const row = [0];
    actual.forEach((got, j) => row.push(matchStep(want, got) ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!)));
    previous = row;
  }
  return previous[actual.length]!;
}

function compareMatched(
  mode: Exclude<TrajectoryMode, 'strict'>,
  expected: readonly ExpectedStep[],
  actual: readonly TrajectoryStep[],
): ScorerResult {
  const { columnOf, rowOf, size } = maxMatching(expected.length, actual.length, (i, j) => matchStep(expected[i]!, actual[j]!));
  const missing = expected.filter((_, i) => columnOf[i] === -1).map(describeStep);
  const unexpected = actual.filter((_, j) => rowOf[j] === -1).map(describeStep);
  const details = { mode, expected: expected.length, actual: actual.length, matched: size, missing, unexpected };
  const checksMissing = mode !== 'subset';
  const checksUnexpected = mode !== 'superset';
  const problems = [
    ...(checksMissing && missing.length > 0 ? [`missing ${missing[0]}`] : []),
    ...(checksUnexpected && unexpected.length > 0 ? [`unexpected ${unexpected[0]}`] : []),
  ];
  const denominator = mode === 'unordered' ? Math.max(expected.length, actual.length) : mode === 'subset' ? actual.length : expected.length;
  if (problems.length === 0) return { score: 1, pass: true, reason: heldReason(mode, expected.length, actual.length), details };
  const counted =
    mode === 'subset'
      ? `${size} of the run's ${stepCount(actual.length)} expected`
      : `${size} of ${stepCount(expected.length)} expected matched`;
  return { score: size / denominator, pass: false, reason: `${problems.join('; ')} (${counted})`, details };
}

function heldReason(mode: Exclude<TrajectoryMode, 'strict'>, expected: number, actual: number): string {
  switch (mode) {
    case 'unordered':
      return `the run made the ${stepCount(expected)} expected, in some order`;
    case 'subset':
      return `each of the run's ${stepCount(actual)} was expected`;
    case 'superset':
      return `the run made the ${stepCount(expected)} expected, among its ${stepCount(actual)}`;
  }
}

function stepCount(n: number): string {
  return n === 1 ? '1 step' : `${n} steps`;
}

function checkOptions(options: TrajectoryOptions): TrajectoryOptions {
  const fail = (message: string) => new EvalError('INVALID_ARGUMENT', `trajectory(): ${message}`);
  if (options === null || typeof options !== 'object')
    throw fail(`options must be an object ({ mode?, expected?, ignore? }), got ${showValue(options)}`);
  const { mode, expected, ignore } = options;
  if (mode !== undefined && !MODES.includes(mode)) throw fail(`mode must be one of ${MODES.join(', ')}, got ${showValue(mode)}`);
  if (ignore !== undefined && (!Array.isArray(ignore) || ignore.some((name) => typeof name !== 'string' || name === ''))) {
    throw fail(`ignore must be an array of tool names or 'transfer', got ${showValue(ignore)}`);
  }
  if (expected !== undefined) {
    if (!Array.isArray(expected))
      throw fail(`expected must be an array of steps ({ tool, agent?, args? } or { transfer, from? }), got ${showValue(expected)}`);
    expected.forEach((step, i) => {
      const problem = stepProblem(step);
      if (problem) throw fail(`expected[${i}] ${problem}`);
    });
  }
  return options;
}

function stepProblem(step: unknown): string | undefined {
  if (step === null || typeof step !== 'object')
    return `must be a step ({ tool, agent?, args? } or { transfer, from? }), got ${showValue(step)}`;
  const s = step as Record<string, unknown>;
  if (typeof s['tool'] === 'string' && s['tool'] !== '') {
    if (s['agent'] !== undefined && typeof s['agent'] !== 'string') return `agent must be a string, got ${showValue(s['agent'])}`;
    const args = s['args'];
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args)))
      return `args must be an object of matchers by argument name, got ${showValue(args)}`;
    return undefined;
  }
  if (typeof s['transfer'] === 'string' && s['transfer'] !== '') {
    return s['from'] !== undefined && typeof s['from'] !== 'string' ? `from must be a string, got ${showValue(s['from'])}` : undefined;
  }
  return `must have a tool or a transfer name, got ${showValue(step)}`;
}
