import type { Instrumentation } from '@weft/graph';
import type { EvalThresholds } from '../define/eval-definition.ts';
import type { CaseReport } from '../report/eval-report.ts';

/** Where models answer from: the cases' cassettes (default), the live models while recording the cassettes, or the live models alone. */
export type EvalMode = 'replay' | 'record' | 'live';

/** One case's try, as an observer sees it. */
export interface EvalCaseInfo {
  eval: string;
  caseId: string;
  /** 1-based; above 1 only with `repeat`. */
  attempt: number;
  threadId: string;
}

/**
 * Sees each case's try run: `observeCase` is given the try to run and
 * returns its report (a tracer opens a span around it and records the scores
 * on it). What an observer throws ends that case as `error`.
 */
export interface EvalObserver {
  observeCase(info: EvalCaseInfo, run: () => Promise<CaseReport>): Promise<CaseReport>;
}

/** Progress of an eval as it runs, for a terminal's bar and counts. */
export type EvalProgress =
  | { type: 'eval.start'; eval: string; cases: number; tries: number }
  | { type: 'case.start'; caseId: string; attempt: number }
  | { type: 'case.end'; report: CaseReport; attempt: number; finished: number; tries: number; passed: number };

export interface RunEvalOptions {
  mode?: EvalMode;
  /** Runs each case this many times and reports pass@k and pass^k; default 1. */
  repeat?: number;
  /** Cases run at once (each on its own thread); results stay in case order. Default 1. */
  concurrency?: number;
  /** Only cases whose id or one of whose tags matches one of these (`*` globs). */
  filter?: readonly string[];
  /** The eval file, for messages (the command that re-records a case) and the default cassette folder. */
  file?: string;
  /** The cassette folder, over the definition's. */
  cassettes?: string;
  /** A folder to write each case's run log to (`<case id>.jsonl`), for the HTML report's replays. */
  runLogs?: string;
  /** Thresholds over the definition's (a `--min-score` from the command line). */
  thresholds?: EvalThresholds;
  /** Observers of the runs (`otelInstrumentation()`), given to every run of every case. */
  instrumentation?: readonly Instrumentation[];
  observers?: readonly EvalObserver[];
  onProgress?: (progress: EvalProgress) => void;
  signal?: AbortSignal;
}
