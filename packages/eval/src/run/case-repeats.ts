import type { CaseReport, CaseRepeats } from '../report/eval-report.ts';

/**
 * One case's report from its k tries: the first try that did not pass (so
 * the report shows what went wrong), else the first; its status is `passed`
 * only when every try passed. With n = k tries and c passes, pass@k is
 * 1 − C(n−c, k)/C(n, k) and pass^k is C(c, k)/C(n, k): 1 when any (all)
 * tries passed, else 0.
 */
export function withRepeats(tries: readonly CaseReport[]): CaseReport {
  const [first] = tries;
  if (first === undefined) throw new RangeError('withRepeats() needs at least one try');
  if (tries.length === 1) return first;
  const passes = tries.filter((t) => t.status === 'passed').length;
  const shown = tries.find((t) => t.status !== 'passed') ?? first;
  const repeats: CaseRepeats = {
    k: tries.length,
    passes,
    passAtK: passes > 0 ? 1 : 0,
    passHatK: passes === tries.length ? 1 : 0,
    statuses: tries.map((t) => t.status),
  };
  return { ...shown, repeats };
}
