import { EvalError } from '../errors.ts';
import type { Scorer } from './scorer.ts';
import { showValue } from './show-value.ts';
import { unfinishedRun } from './unfinished-run.ts';

/**
 * Passes when the pattern matches the final output (a RegExp, or a string
 * compiled as one). An output that is not a string is tested as its JSON
 * text. The `g` and `y` flags are dropped: they make `test` depend on the
 * previous case's `lastIndex`. Scores 1 or 0; a run that did not end `done`
 * scores 0.
 *
 * @example
 * scorers: { citesInvoice: regex(/INV-\d{4}/) }
 */
export function regex(re: RegExp | string): Scorer {
  const pattern = compile(re);
  return {
    name: 'regex',
    score(run) {
      const unfinished = unfinishedRun(run);
      if (unfinished) return unfinished;
      const text = typeof run.output === 'string' ? run.output : (JSON.stringify(run.output) ?? '');
      const match = pattern.exec(text);
      if (match) return { score: 1, pass: true, reason: `the output matches ${String(pattern)} at ${showValue(match[0])}` };
      return { score: 0, pass: false, reason: `expected the output to match ${String(pattern)}, got ${showValue(run.output)}` };
    },
  };
}

function compile(re: RegExp | string): RegExp {
  if (re instanceof RegExp) return new RegExp(re.source, re.flags.replace(/[gy]/g, ''));
  if (typeof re !== 'string' || re === '') {
    throw new EvalError('INVALID_ARGUMENT', `regex() takes a RegExp or a non-empty pattern string, got ${showValue(re)}`);
  }
  try {
    return new RegExp(re);
  } catch (err) {
    throw new EvalError('INVALID_ARGUMENT', `regex(): ${showValue(re)} is not a valid regular expression: ${(err as Error).message}`, {
      cause: err,
    });
  }
}
