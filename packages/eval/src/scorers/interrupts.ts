import { isDeepStrictEqual } from 'node:util';
import type { ExpectedInterrupt } from '../define/eval-case.ts';
import { EvalError } from '../errors.ts';
import { matchAddress } from '../run/match-address.ts';
import { maxMatching } from './max-matching.ts';
import type { Scorer, SeenInterrupt } from './scorer.ts';
import { showValue } from './show-value.ts';

export interface InterruptsOptions {
  /** The interrupts expected, over each case's `expected.interrupts`. */
  expected?: readonly ExpectedInterrupt[];
  /** Fail on interrupts the run met that were not expected. Default false. */
  exact?: boolean;
}

/**
 * Checks the interrupts the run met (`run.interrupts`) against the expected
 * ones (`expected`, else the case's `expected.interrupts`; a case without
 * them is skipped). Each expected interrupt must be met by a distinct one
 * whose address its glob matches (as a case's `answers` match: `*` over any
 * characters, the whole address or a suffix after a `/`) and whose info
 * equals each given `info` key; with `exact`, no other interrupt may
 * happen. Score: interrupts paired ÷ expected ones (÷ the larger count with
 * `exact`), 1 when nothing is expected and nothing happened.
 *
 * @example
 * scorers: { approval: interrupts({ expected: [{ address: 'tool:refund:*', info: { amount: 120 } }], exact: true }) }
 */
export function interrupts(options: InterruptsOptions = {}): Scorer {
  const { expected: fixed, exact = false } = checkOptions(options);
  return {
    name: 'interrupts',
    score(run) {
      const expected = fixed ?? run.case.expected?.interrupts;
      if (expected === undefined) return null;
      const seen = run.interrupts;
      const { columnOf, rowOf, size } = maxMatching(expected.length, seen.length, (i, j) => meets(expected[i]!, seen[j]!));
      const missing = expected.filter((_, i) => columnOf[i] === -1).map(describeExpected);
      const unexpected = seen.filter((_, j) => rowOf[j] === -1).map((interrupt) => interrupt.address);
      const details = { expected: expected.length, seen: seen.length, matched: size, missing, unexpected };
      const problems = [
        ...(missing.length > 0 ? [`no interrupt met ${missing[0]}`] : []),
        ...(exact && unexpected.length > 0 ? [`unexpected interrupt ${unexpected[0]}`] : []),
      ];
      const total = exact ? Math.max(expected.length, seen.length) : expected.length;
      if (problems.length === 0) {
        const what = expected.length === 1 ? 'the 1 interrupt expected' : `the ${expected.length} interrupts expected`;
        return { score: 1, pass: true, reason: `the run met ${what}${exact ? ' and no other' : ''}`, details };
      }
      return { score: size / total, pass: false, reason: `${problems.join('; ')} (${size} of ${expected.length} expected met)`, details };
    },
  };
}

function meets(expected: ExpectedInterrupt, seen: SeenInterrupt): boolean {
  if (!matchAddress(expected.address, seen.address)) return false;
  if (expected.info === undefined) return true;
  const info = seen.info !== null && typeof seen.info === 'object' ? (seen.info as Record<string, unknown>) : undefined;
  return Object.entries(expected.info).every(
    ([key, value]) => info !== undefined && Object.hasOwn(info, key) && isDeepStrictEqual(info[key], value),
  );
}

function describeExpected(expected: ExpectedInterrupt): string {
  return expected.info === undefined ? expected.address : `${expected.address} with info ${showValue(expected.info)}`;
}

function checkOptions(options: InterruptsOptions): InterruptsOptions {
  const fail = (message: string) => new EvalError('INVALID_ARGUMENT', `interrupts(): ${message}`);
  if (options === null || typeof options !== 'object')
    throw fail(`options must be an object ({ expected?, exact? }), got ${showValue(options)}`);
  if (options.exact !== undefined && typeof options.exact !== 'boolean')
    throw fail(`exact must be true or false, got ${showValue(options.exact)}`);
  const { expected } = options;
  if (expected === undefined) return options;
  if (!Array.isArray(expected)) throw fail(`expected must be an array of { address, info? }, got ${showValue(expected)}`);
  expected.forEach((item: unknown, i) => {
    const entry = item as Partial<ExpectedInterrupt> | null;
    if (entry === null || typeof entry !== 'object' || typeof entry.address !== 'string' || entry.address === '') {
      throw fail(`expected[${i}] must be { address, info? } with a non-empty address glob, got ${showValue(item)}`);
    }
    if (entry.info !== undefined && (entry.info === null || typeof entry.info !== 'object' || Array.isArray(entry.info))) {
      throw fail(`expected[${i}].info must be an object of the info keys to check, got ${showValue(entry.info)}`);
    }
  });
  return options;
}
