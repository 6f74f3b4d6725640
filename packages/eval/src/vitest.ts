/**
 * @weft/eval/vitest — an eval's cases as vitest tests: one test per case
 * (named by its id, failing with the case's reasons), and one for the
 * eval's thresholds.
 *
 * @example
 * // support.eval.test.ts
 * import { describeEval } from '@weft/eval/vitest';
 * import { supportEval } from './support.eval.ts';
 * describeEval(supportEval, { file: 'support.eval.ts' });
 */
import { describe, it } from 'vitest';
import type { EvalDefinition } from './define/eval-definition.ts';
import type { CaseReport } from './report/eval-report.ts';
import { checkThresholds, summarizeReport } from './report/summarize-report.ts';
import type { RunEvalOptions } from './run/run-eval-options.ts';
import { runEval } from './run/run-eval.ts';
import { caseFailure } from './vitest/case-failure.ts';

export { caseFailure } from './vitest/case-failure.ts';

export interface DescribeEvalOptions extends Omit<RunEvalOptions, 'filter' | 'onProgress' | 'concurrency'> {
  /** Each case's test timeout in milliseconds; default vitest's. */
  timeout?: number;
}

/**
 * Declares a vitest `describe` block with a test per case of the eval, run
 * as `runEval` runs it (same modes, cassettes, repeats), and a last test that
 * checks the eval's thresholds over the cases that ran. Use vitest's own
 * filters (`-t refund`) to pick cases.
 */
export function describeEval(definition: EvalDefinition, options: DescribeEvalOptions = {}): void {
  const { timeout, ...runOptions } = options;
  const reports: CaseReport[] = [];
  let graph: Awaited<ReturnType<typeof runEval>>['graph'] | undefined;
  describe(`eval ${definition.name}`, () => {
    for (const testCase of definition.cases) {
      it(
        testCase.id,
        async () => {
          const report = await runEval({ ...definition, cases: [testCase] }, runOptions);
          graph = report.graph;
          const [caseReport] = report.cases;
          if (caseReport === undefined) throw new Error(`case "${testCase.id}" did not run`);
          reports.push(caseReport);
          const why = caseFailure(caseReport);
          if (why !== undefined) throw new Error(why);
        },
        timeout,
      );
    }
    const thresholds = { ...definition.thresholds, ...runOptions.thresholds };
    if (Object.keys(thresholds).length === 0) return;
    it('meets its thresholds', () => {
      if (graph === undefined) return;
      const failed = checkThresholds(summarizeReport(reports, graph), thresholds).filter((t) => !t.pass);
      if (failed.length > 0) throw new Error(failed.map((t) => `${t.metric} ${t.actual.toFixed(3)} is below ${t.min}`).join('\n'));
    });
  });
}
