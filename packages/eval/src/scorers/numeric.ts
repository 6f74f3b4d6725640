import { EvalError } from '../errors.ts';
import type { CaseRun, Scorer, ScorerResult } from './scorer.ts';
import { showValue } from './show-value.ts';
import { unfinishedRun } from './unfinished-run.ts';

export interface NumericOptions {
  /** How far the output may be from the expected number; default 0 (equal). */
  tolerance?: number;
  /** `tolerance` is a fraction of the expected number's size (0.01 = within 1 %), not an absolute distance. */
  relative?: boolean;
}

/** A number in text: a sign (not a hyphen inside a word such as INV-1042), digits with optional `,` thousands, decimals, exponent. */
const NUMBER_IN_TEXT = /(?:(?<![\w-])[-+])?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

/**
 * Passes when the final output is a number within `tolerance` of the
 * expected one: `expected` when given, else the case's `expected.output`
 * (a case without one is skipped). The output may be a number, or text
 * holding exactly one number ("The total is 1,250.50 EUR."): text with
 * none or several is a failure that says so. Scores 1 or 0; a run that did
 * not end `done` scores 0.
 *
 * @example
 * scorers: { total: numeric({ tolerance: 0.01 }) } // each case's expected.output, ±0.01
 * scorers: { pi: numeric(3.1416, { tolerance: 0.001, relative: true }) }
 */
export function numeric(expectedOrOptions?: number | NumericOptions, maybeOptions?: NumericOptions): Scorer {
  const fixed = typeof expectedOrOptions === 'number' ? expectedOrOptions : undefined;
  const options = checkOptions(typeof expectedOrOptions === 'number' ? maybeOptions : (expectedOrOptions ?? maybeOptions));
  if (fixed !== undefined && !Number.isFinite(fixed)) {
    throw new EvalError('INVALID_ARGUMENT', `numeric() takes a finite expected number, got ${showValue(fixed)}`);
  }
  return {
    name: 'numeric',
    score(run) {
      const expected = fixed ?? expectedOfCase(run);
      if (expected === undefined) return null;
      return unfinishedRun(run) ?? compare(expected, run, options);
    },
  };
}

function compare(expected: number, run: CaseRun, { tolerance = 0, relative = false }: NumericOptions): ScorerResult {
  const got = numberOf(run.output);
  if (typeof got === 'string') return { score: 0, pass: false, reason: `expected ${expected}, got ${got}` };
  const allowed = relative ? tolerance * Math.abs(expected) : tolerance;
  const off = Math.abs(got - expected);
  const within = tolerance === 0 ? '' : ` (within ${relative ? `${+(tolerance * 100).toPrecision(12)} %` : `±${tolerance}`})`;
  if (off <= allowed) return { score: 1, pass: true, reason: `the output ${got} is ${expected}${within}` };
  return { score: 0, pass: false, reason: `expected ${expected}${within}, got ${got} (off by ${off})`, details: { expected, got, off } };
}

/** The number the output holds, or why it holds none (a phrase for the reason). */
function numberOf(output: unknown): number | string {
  if (typeof output === 'number') return Number.isFinite(output) ? output : `${output}, which is not a finite number`;
  if (typeof output !== 'string') return `${showValue(output)}, which is not a number`;
  const found = (output.match(NUMBER_IN_TEXT) ?? []).filter((m) => /\d/.test(m));
  const [only] = found;
  if (only === undefined) return `${showValue(output)}, which holds no number`;
  if (found.length > 1) return `${showValue(output)}, which holds ${found.length} numbers (${found.join(', ')}), not one`;
  return Number(only.replace(/,/g, ''));
}

function expectedOfCase(run: CaseRun): number | undefined {
  const expected = run.case.expected?.output;
  if (expected === undefined) return undefined;
  const value = typeof expected === 'string' && expected.trim() !== '' ? Number(expected) : expected;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new EvalError(
    'INVALID_ARGUMENT',
    `numeric(): case "${run.case.id}" expects the output ${showValue(expected)}, which is not a number; give the case a number as expected.output, or numeric(expected) one`,
  );
}

function checkOptions(options: NumericOptions | undefined): NumericOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') {
    throw new EvalError('INVALID_ARGUMENT', `numeric() options must be an object ({ tolerance?, relative? }), got ${showValue(options)}`);
  }
  const { tolerance, relative } = options;
  if (tolerance !== undefined && (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0)) {
    throw new EvalError('INVALID_ARGUMENT', `numeric() option tolerance must be a finite number of 0 or more, got ${showValue(tolerance)}`);
  }
  if (relative !== undefined && typeof relative !== 'boolean') {
    throw new EvalError('INVALID_ARGUMENT', `numeric() option relative must be true or false, got ${showValue(relative)}`);
  }
  return options;
}
