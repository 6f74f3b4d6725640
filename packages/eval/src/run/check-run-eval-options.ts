import { EvalError } from '../errors.ts';
import type { EvalMode, RunEvalOptions } from './run-eval-options.ts';

/** `runEval`'s options with their defaults, or INVALID_ARGUMENT saying what to pass. */
export function checkRunEvalOptions(options: RunEvalOptions): { mode: EvalMode; repeat: number; concurrency: number } {
  const fail = (message: string): never => {
    throw new EvalError('INVALID_ARGUMENT', `runEval(): ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  const { mode = 'replay', repeat = 1, concurrency = 1, filter } = options;
  if (mode !== 'replay' && mode !== 'record' && mode !== 'live')
    fail(`mode must be "replay", "record" or "live", got ${JSON.stringify(mode)}`);
  if (!Number.isInteger(repeat) || repeat < 1) fail(`repeat must be a whole number of at least 1, got ${String(repeat)}`);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    fail(`concurrency must be a whole number of at least 1, got ${String(concurrency)}`);
  if (mode === 'record' && repeat > 1)
    fail('recording keeps one cassette per case: record with repeat 1, then replay or run live with repeat');
  if (filter !== undefined && (!Array.isArray(filter) || filter.some((f) => typeof f !== 'string' || f === '')))
    fail('filter must be a list of case ids or tags (globs with *)');
  return { mode, repeat, concurrency };
}
