/**
 * @weft/eval — evaluate agents and graphs before a change ships.
 *
 * An eval file defines a target (an agent, a compiled graph, or a factory
 * that builds one from each case's models), cases (inline or from JSONL),
 * and scorers. `runEval` runs each case on a fresh thread, deterministic by
 * per-case cassettes, answers interrupts from the case's `answers`, scores
 * what the run did (output, trajectory, graph path, interrupts, cost, an LLM
 * judge) and reports, with the graph's coverage; `weft eval` is the command.
 *
 * @example
 * import { defineEval, runEval } from '@weft/eval';
 * const supportEval = defineEval({
 *   name: 'support',
 *   target: agent,
 *   cases: [{ id: 'greeting', input: 'Hello', expected: { output: 'Hi! How can I help?' } }],
 *   scorers: { answer: (run) => ({ score: run.output === run.case.expected?.output ? 1 : 0, pass: run.output === run.case.expected?.output, reason: String(run.output) }) },
 * });
 * const report = await runEval(supportEval);
 */

// Defining an eval
export { defineEval, isEvalDefinition } from './define/define-eval.ts';
export type {
  EvalDefinition,
  EvalDefinitionInput,
  EvalTarget,
  EvalSubject,
  EvalTargetContext,
  EvalThresholds,
} from './define/eval-definition.ts';
export type { EvalCase, CaseInput, CaseBudget, CaseExpectation, ExpectedInterrupt, ExpectedStatus } from './define/eval-case.ts';
export type { ExpectedStep, ExpectedToolCall, ExpectedTransfer, ArgMatcher } from './define/expected-step.ts';
export { casesFromJsonl } from './define/cases-from-jsonl.ts';
export type { CasesFromJsonlOptions } from './define/cases-from-jsonl.ts';
export { caseFromThread } from './define/case-from-thread.ts';
export type { CaseFromThreadOptions } from './define/case-from-thread.ts';
export { graphCapabilities } from './define/graph-capabilities.ts';
export type { GraphCapabilities, AgentCapabilities } from './define/graph-capabilities.ts';

// Running it
export { runEval } from './run/run-eval.ts';
export type { RunEvalOptions, EvalMode, EvalObserver, EvalCaseInfo, EvalProgress } from './run/run-eval-options.ts';
export { trajectoryOf } from './run/trajectory-of.ts';
export type { TrajectoryStep, ToolCallStep, TransferStep } from './run/trajectory-step.ts';
export type { GraphPath } from './run/graph-path.ts';
export { matchAddress } from './run/match-address.ts';

// Scorers
export { exact } from './scorers/exact.ts';
export { contains } from './scorers/contains.ts';
export type { ContainsOptions } from './scorers/contains.ts';
export { regex } from './scorers/regex.ts';
export { matchesSchema } from './scorers/matches-schema.ts';
export { numeric } from './scorers/numeric.ts';
export type { NumericOptions } from './scorers/numeric.ts';
export { trajectory } from './scorers/trajectory.ts';
export type { TrajectoryOptions, TrajectoryMode } from './scorers/trajectory.ts';
export { matchStep, matchArg } from './scorers/match-step.ts';
export { graphPath } from './scorers/graph-path.ts';
export type { GraphPathOptions } from './scorers/graph-path.ts';
export { interrupts } from './scorers/interrupts.ts';
export type { InterruptsOptions } from './scorers/interrupts.ts';
export { cost } from './scorers/cost.ts';
export type { CostOptions, CostLimit } from './scorers/cost.ts';
export { llmJudge } from './scorers/llm-judge.ts';
export type { LlmJudgeOptions } from './scorers/llm-judge.ts';
export type { JudgeVerdict } from './scorers/judge-verdict.ts';
export type { Scorer, ScorerFn, ScorerResult, ScorerContext, CaseRun, SeenInterrupt, CaseUsage } from './scorers/scorer.ts';

// Reports
export { EVAL_REPORT_VERSION } from './report/eval-report.ts';
export type {
  EvalReport,
  EvalSummary,
  CaseReport,
  CaseStatus,
  CaseRepeats,
  ScorerOutcome,
  EvalCoverage,
  CoverageCount,
  ThresholdResult,
} from './report/eval-report.ts';
export { coverage } from './report/coverage.ts';
export { summarizeReport, checkThresholds } from './report/summarize-report.ts';
export { toJUnit } from './report/to-junit.ts';
export { compareReports } from './report/compare-reports.ts';
export type { ReportComparison, CaseChange, ScorerDelta } from './report/compare-reports.ts';
export { readReport } from './report/read-report.ts';
export { formatReportTable } from './report/format-report-table.ts';
export type { FormatReportTableOptions } from './report/format-report-table.ts';
export { renderEvalReport } from './html/render-eval-report.ts';
export type { RenderEvalReportOptions } from './html/render-eval-report.ts';

// Errors
export { EvalError } from './errors.ts';
export type { EvalErrorCode } from './errors.ts';
