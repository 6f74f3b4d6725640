import type { CaseRun, ScorerResult } from './scorer.ts';

/**
 * The verdict of an output scorer on a run that did not end `done`: there
 * is no final output to check, so it scores 0 and says how the run ended.
 * Undefined for a done run.
 *
 * @example
 * unfinishedRun(run) ?? compareOutput(run);
 */
export function unfinishedRun(run: CaseRun): ScorerResult | undefined {
  if (run.status === 'done') return undefined;
  if (run.status === 'interrupted') return { score: 0, pass: false, reason: 'the run ended interrupted, with no final output' };
  const why = run.error ? `: ${run.error.code}: ${run.error.message}` : '';
  return { score: 0, pass: false, reason: `the run ended with an error, with no final output${why}` };
}
