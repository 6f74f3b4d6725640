import { isWeftError } from '@weft/common';
import type { ScorerOutcome } from '../report/eval-report.ts';
import type { CaseRun, Scorer, ScorerContext } from '../scorers/scorer.ts';

/**
 * Runs every scorer on a case, one after the other, in the definition's
 * order. A scorer that throws, or returns something that is not a result,
 * is recorded as an error outcome (the case becomes `error`); the others
 * still run.
 */
export async function scoreCase(run: CaseRun, scorers: readonly Scorer[], context: ScorerContext): Promise<Record<string, ScorerOutcome>> {
  const outcomes: Record<string, ScorerOutcome> = {};
  for (const scorer of scorers) {
    try {
      const result = await scorer.score(run, context);
      outcomes[scorer.name] = result === null ? { kind: 'skipped' } : checked(scorer.name, result);
    } catch (err) {
      const code = isWeftError(err) ? err.code : undefined;
      outcomes[scorer.name] = { kind: 'error', message: err instanceof Error ? err.message : String(err), ...(code ? { code } : {}) };
    }
  }
  return outcomes;
}

function checked(name: string, result: unknown): ScorerOutcome {
  const r = result as { score?: unknown; pass?: unknown; reason?: unknown; details?: unknown } | undefined;
  const valid =
    typeof r === 'object' &&
    r !== null &&
    typeof r.score === 'number' &&
    r.score >= 0 &&
    r.score <= 1 &&
    typeof r.pass === 'boolean' &&
    typeof r.reason === 'string';
  if (!valid)
    return {
      kind: 'error',
      message: `scorer "${name}" returned ${JSON.stringify(result) ?? String(result)}; a scorer returns { score (0..1), pass, reason } or null`,
    };
  return {
    kind: 'scored',
    score: r.score as number,
    pass: r.pass as boolean,
    reason: r.reason as string,
    ...(r.details === undefined ? {} : { details: r.details }),
  };
}
