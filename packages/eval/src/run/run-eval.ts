import { dirname, isAbsolute, join, resolve } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { toRunTarget } from '@weft/agents';
import type { EvalCase } from '../define/eval-case.ts';
import type { EvalDefinition } from '../define/eval-definition.ts';
import { EvalError } from '../errors.ts';
import { EVAL_REPORT_VERSION, type CaseReport, type EvalReport } from '../report/eval-report.ts';
import { checkThresholds, summarizeReport } from '../report/summarize-report.ts';
import { withRepeats } from './case-repeats.ts';
import { runCase, type CaseTry } from './run-case.ts';
import { checkRunEvalOptions } from './check-run-eval-options.ts';
import { matchAddress } from './match-address.ts';
import type { RunEvalOptions } from './run-eval-options.ts';
import { subjectOf } from './subject-of.ts';

/**
 * Runs an eval: each case (each of its `repeat` tries) on a fresh thread,
 * `concurrency` at a time, answered by its cassette unless the mode says
 * otherwise; then scores, summarizes (with the graph's coverage) and checks
 * the thresholds. The report lists the cases in the definition's order
 * whatever order they finished in. A case's failure is in its report, never
 * a rejection; only bad options reject (INVALID_ARGUMENT).
 *
 * @example
 * const report = await runEval(supportEval, { concurrency: 4 });
 * console.log(report.summary.passed, '/', report.summary.cases, report.pass ? 'ok' : 'below threshold');
 */
export async function runEval(definition: EvalDefinition, options: RunEvalOptions = {}): Promise<EvalReport> {
  const { mode, repeat, concurrency } = checkRunEvalOptions(options);
  const cases = selectCases(definition, options.filter);
  const cassettes = cassetteFolder(definition, options);
  if (options.runLogs) await mkdir(options.runLogs, { recursive: true });
  const startedAt = new Date();
  const began = performance.now();
  const tries: CaseTry[] = cases.flatMap((testCase) =>
    Array.from({ length: repeat }, (_, i) => caseTry(definition, testCase, i + 1, mode, cassettes, options)),
  );
  options.onProgress?.({ type: 'eval.start', eval: definition.name, cases: cases.length, tries: tries.length });
  let finished = 0;
  let passed = 0;
  const reports = await inOrder(tries, concurrency, async (t) => {
    options.onProgress?.({ type: 'case.start', caseId: t.testCase.id, attempt: t.attempt });
    const report = await observed(t, options);
    finished += 1;
    if (report.status === 'passed') passed += 1;
    options.onProgress?.({ type: 'case.end', report, attempt: t.attempt, finished, tries: tries.length, passed });
    return report;
  });
  const caseReports = cases.map((_, i) => withRepeats(reports.slice(i * repeat, (i + 1) * repeat)));
  const graph = toRunTarget(subjectOf(definition.target, { caseId: undefined, model: (live) => live })).graph.toJSON();
  const summary = summarizeReport(caseReports, graph);
  const thresholds = checkThresholds(summary, {
    ...definition.thresholds,
    ...options.thresholds,
    scorers: { ...definition.thresholds.scorers, ...options.thresholds?.scorers },
  });
  return {
    version: EVAL_REPORT_VERSION,
    eval: definition.name,
    ...(options.file ? { file: options.file } : {}),
    target: graph.name,
    mode,
    repeat,
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - began,
    summary,
    thresholds,
    pass: thresholds.every((t) => t.pass),
    cases: caseReports,
    graph,
  };
}

function caseTry(
  definition: EvalDefinition,
  testCase: EvalCase,
  attempt: number,
  mode: CaseTry['mode'],
  cassettes: string,
  options: RunEvalOptions,
): CaseTry {
  const suffix = attempt > 1 ? `.${attempt}` : '';
  return {
    definition,
    testCase,
    attempt,
    threadId: `eval:${definition.name}:${testCase.id}${suffix}`,
    mode,
    cassette: {
      caseId: testCase.id,
      file: join(cassettes, `${testCase.id}.jsonl`),
      recordCommand: `weft eval ${options.file ?? '<eval file>'} --record --filter ${testCase.id}`,
    },
    runLog: options.runLogs ? join(options.runLogs, `${testCase.id}${suffix}.jsonl`) : undefined,
    instrumentation: options.instrumentation ?? [],
    signal: options.signal,
  };
}

/** A try through the observers (the first given is the outermost). */
function observed(t: CaseTry, options: RunEvalOptions): Promise<CaseReport> {
  const info = { eval: t.definition.name, caseId: t.testCase.id, attempt: t.attempt, threadId: t.threadId };
  let run = () => runCase(t);
  for (const observer of [...(options.observers ?? [])].reverse()) {
    const inner = run;
    run = () => observer.observeCase(info, inner);
  }
  return run();
}

function selectCases(definition: EvalDefinition, filter: readonly string[] | undefined): EvalCase[] {
  if (filter === undefined || filter.length === 0) return [...definition.cases];
  const chosen = definition.cases.filter((c) =>
    filter.some((f) => matchAddress(f, c.id) || (c.tags ?? []).some((t) => matchAddress(f, t))),
  );
  if (chosen.length === 0)
    throw new EvalError(
      'INVALID_ARGUMENT',
      `no case of eval "${definition.name}" has an id or tag matching ${filter.map((f) => `"${f}"`).join(', ')} (ids: ${definition.cases.map((c) => c.id).join(', ')})`,
    );
  return chosen;
}

function cassetteFolder(definition: EvalDefinition, options: RunEvalOptions): string {
  const base = options.file ? dirname(resolve(options.file)) : process.cwd();
  const folder = options.cassettes ?? definition.cassettes ?? join('cassettes', definition.name);
  return isAbsolute(folder) ? folder : resolve(base, folder);
}

/** Maps `items` with at most `limit` at once; the results in the items' order. */
async function inOrder<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
