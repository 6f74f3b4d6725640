import { isDeepStrictEqual } from 'node:util';
import { jsonOrText } from './json-or-text.ts';
import type { CaseRun, Scorer, ScorerResult } from './scorer.ts';
import { showValue } from './show-value.ts';
import { unfinishedRun } from './unfinished-run.ts';

/**
 * Passes when the final output equals the expected value: `expected` when
 * given, else the case's `expected.output` (a case without one is skipped).
 * Strings must be equal as they are (no trimming, no case folding: use
 * `contains` or `regex` for looser checks); other values are compared by
 * deep equality, after parsing an output that is JSON text (an agent's
 * structured answer). Scores 1 or 0; a run that did not end `done` scores 0.
 *
 * @example
 * scorers: { answer: exact() } // each case's expected.output
 * scorers: { capital: exact('Paris') }
 */
export function exact(...given: [expected?: unknown]): Scorer {
  const fixed = given.length > 0;
  return {
    name: 'exact',
    score(run) {
      const expected = fixed ? given[0] : run.case.expected?.output;
      if (!fixed && expected === undefined) return null;
      return unfinishedRun(run) ?? compare(expected, run);
    },
  };
}

function compare(expected: unknown, run: CaseRun): ScorerResult {
  const got = typeof expected === 'string' ? run.output : jsonOrText(run.output);
  if (isDeepStrictEqual(got, expected)) return { score: 1, pass: true, reason: `the output is ${showValue(expected)}` };
  return {
    score: 0,
    pass: false,
    reason: `expected ${showValue(expected)}, got ${showValue(run.output)}${whereTheyDiffer(expected, got)}`,
  };
}

/** Two long strings cut to the same 120 characters would read alike: say where they part. */
function whereTheyDiffer(expected: unknown, got: unknown): string {
  if (typeof expected !== 'string' || typeof got !== 'string') return '';
  let at = 0;
  while (at < expected.length && at < got.length && expected[at] === got[at]) at++;
  return ` (they differ from character ${at + 1})`;
}
