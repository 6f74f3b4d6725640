import { CliError, type EvalInputCode } from './errors.ts';
import { oneLine } from './report-error.ts';

/** What to do about each eval error that means the eval could not start. */
const HINTS: Record<EvalInputCode | 'INVALID_ARGUMENT', string> = {
  INVALID_EVAL: 'fix the defineEval({ … }) call the message names',
  INVALID_CASE: 'fix the cases the message lists (file:line: field: what is wrong)',
  TRAJECTORY_UNREACHABLE: 'fix the expected trajectory, or the agent or graph, so the step can happen',
  INVALID_REPORT: 'pass a report weft eval --out <file> (or --json) wrote',
  INVALID_ARGUMENT: 'check the flags: weft eval --help',
};

/**
 * Runs a step of `weft eval` with the eval package's errors that mean "this
 * eval cannot start" — a definition or a case of the wrong shape (thrown
 * while the module loads, inside its MODULE_LOAD_FAILED), a trajectory the
 * graph cannot produce, a baseline that is no report, a filter that matches
 * no case — made CliErrors that keep their code and exit with 2, their
 * multi-line messages on one line. A failing case is never thrown: it is in
 * the report.
 */
export async function evalError<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const loading = err instanceof CliError && err.code === 'MODULE_LOAD_FAILED';
    const inner = loading ? err.cause : err;
    const code = (inner as { code?: unknown } | null)?.code;
    // While the module loads, only the definition's own errors: another library's INVALID_ARGUMENT there is a broken module (1).
    if (typeof code !== 'string' || !Object.hasOwn(HINTS, code) || (loading && code === 'INVALID_ARGUMENT')) throw err;
    const message = oneLine((inner as Error).message);
    throw new CliError(code as EvalInputCode | 'INVALID_ARGUMENT', message, HINTS[code as EvalInputCode], { cause: inner });
  }
}
