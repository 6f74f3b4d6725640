import { WeftError } from '@weft/common';

/**
 * The codes of eval errors. Check `err.code`, not `instanceof`.
 * Definition errors (`INVALID_EVAL`, `INVALID_CASE`, `TRAJECTORY_UNREACHABLE`)
 * are thrown by `defineEval` before any case runs; the others end one case
 * as `error` (the eval goes on) or refuse a report or a command's input.
 */
export type EvalErrorCode =
  /** An eval definition of the wrong shape: no name, no target, no cases, a scorer that is not a function, duplicate case ids. */
  | 'INVALID_EVAL'
  /** A case that fails its schema; the message names the file, the line and the field. */
  | 'INVALID_CASE'
  /** An expected trajectory names a tool, an agent or a transfer the compiled graph cannot produce. */
  | 'TRAJECTORY_UNREACHABLE'
  /** Replaying a case found no recorded answer for a model call (or no cassette): re-record the case. */
  | 'CASSETTE_MISMATCH'
  /** A case ran past its budget's wall time and was stopped. */
  | 'BUDGET_EXCEEDED'
  /** A report (a `--baseline`) that is not an eval report of a version this package reads. */
  | 'INVALID_REPORT'
  /** A thread or checkpoint to evaluate from (`--from-thread`) that the store does not have. */
  | 'THREAD_NOT_FOUND'
  /** Any other bad argument: options of the wrong shape, a concurrency below 1, a repeat count below 1. */
  | 'INVALID_ARGUMENT';

/** A failure of an eval: at definition, of one case, or of a report. */
export class EvalError extends WeftError<EvalErrorCode> {
  override readonly name = 'EvalError';
}
