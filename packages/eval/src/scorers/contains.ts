import { EvalError } from '../errors.ts';
import type { CaseRun, Scorer, ScorerResult } from './scorer.ts';
import { showValue } from './show-value.ts';
import { unfinishedRun } from './unfinished-run.ts';

export interface ContainsOptions {
  /** With several texts: the output must contain every one (default), or any one (`false`). */
  all?: boolean;
  /** Compare without regard to letter case (Unicode lower case). Default false. */
  ignoreCase?: boolean;
}

/**
 * Passes when the final output contains the text (or all of the texts, or
 * with `{ all: false }` any of them). Without texts, the case's
 * `expected.output` (a text or a list of texts) is what the output must
 * contain; a case without one is skipped, and one whose expected output is
 * not text is an INVALID_ARGUMENT. An output that is not a string is
 * searched as its JSON text. Score: the share of the texts found with
 * `all`, else 1 or 0. A run that did not end `done` scores 0.
 *
 * @example
 * scorers: { mentionsRefund: contains(['refund', 'INV-1042'], { ignoreCase: true }), answer: contains() }
 */
export function contains(text?: string | readonly string[], options: ContainsOptions = {}): Scorer {
  const fixed = text === undefined ? undefined : checkTexts(text);
  const { all = true, ignoreCase = false } = checkOptions(options);
  const fold = (s: string) => (ignoreCase ? s.toLowerCase() : s);
  return {
    name: 'contains',
    score(run) {
      const expected = run.case.expected?.output;
      if (fixed === undefined && expected === undefined) return null;
      const texts = fixed ?? checkTexts(expected as string | readonly string[], 'the case’s expected.output');
      const unfinished = unfinishedRun(run);
      if (unfinished) return unfinished;
      const haystack = fold(outputText(run));
      const missing = texts.filter((t) => !haystack.includes(fold(t)));
      return verdict(texts, missing, all, run);
    },
  };
}

function verdict(texts: readonly string[], missing: readonly string[], all: boolean, run: CaseRun): ScorerResult {
  const found = texts.length - missing.length;
  const got = showValue(run.output);
  if (!all) {
    if (found > 0) return { score: 1, pass: true, reason: `the output contains ${showValue(texts.find((t) => !missing.includes(t)))}` };
    return {
      score: 0,
      pass: false,
      reason: `expected the output to contain any of ${texts.map((t) => showValue(t)).join(', ')}, got ${got}`,
    };
  }
  if (missing.length === 0) {
    const what = texts.length === 1 ? showValue(texts[0]) : `all ${texts.length} texts`;
    return { score: 1, pass: true, reason: `the output contains ${what}` };
  }
  return {
    score: found / texts.length,
    pass: false,
    reason: `expected the output to contain ${missing.map((t) => showValue(t)).join(', ')}, got ${got}`,
    details: { missing },
  };
}

function outputText(run: CaseRun): string {
  if (typeof run.output === 'string') return run.output;
  return JSON.stringify(run.output) ?? '';
}

function checkTexts(text: string | readonly string[], what = 'contains()'): readonly string[] {
  const texts = typeof text === 'string' ? [text] : text;
  if (!Array.isArray(texts) || texts.length === 0 || texts.some((t) => typeof t !== 'string' || t === '')) {
    throw new EvalError(
      'INVALID_ARGUMENT',
      `${what === 'contains()' ? 'contains() takes' : `contains() without texts needs ${what} to be`} a non-empty string or a non-empty array of non-empty strings, got ${showValue(text)}`,
    );
  }
  return texts;
}

function checkOptions(options: ContainsOptions): ContainsOptions {
  if (options === null || typeof options !== 'object') {
    throw new EvalError('INVALID_ARGUMENT', `contains() options must be an object ({ all?, ignoreCase? }), got ${showValue(options)}`);
  }
  for (const key of ['all', 'ignoreCase'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') {
      throw new EvalError('INVALID_ARGUMENT', `contains() option ${key} must be true or false, got ${showValue(options[key])}`);
    }
  }
  return options;
}
