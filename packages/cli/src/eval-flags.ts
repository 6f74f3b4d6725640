import { usageError } from './errors.ts';
import { wholeNumberFlag } from './whole-number-flag.ts';

/** The flags of `weft eval` that choose how the eval runs and what it must reach. */
export interface EvalFlagValues {
  record?: boolean | undefined;
  live?: boolean | undefined;
  repeat?: string | undefined;
  concurrency?: string | undefined;
  filter?: string[] | undefined;
  'min-score'?: string | undefined;
  'min-pass-rate'?: string | undefined;
  min?: string[] | undefined;
}

/** What those flags give `runEval`: only what was given, so the eval's own settings stand otherwise. */
export interface EvalFlagOptions {
  mode?: 'record' | 'live';
  repeat?: number;
  concurrency?: number;
  filter?: string[];
  thresholds?: { score?: number; passRate?: number; scorers?: Record<string, number> };
}

/**
 * Reads the run flags of `weft eval`: `--record` or `--live` (not both),
 * `--repeat` and `--concurrency` (whole numbers from 1), `--filter`
 * (repeatable, each comma-separated), and the thresholds `--min-score`,
 * `--min-pass-rate`, `--min <scorer>=<value>` (each from 0 to 1), which
 * replace the eval's own of the same metric. Anything else is a usage error
 * naming the flag.
 */
export function evalFlagOptions(values: EvalFlagValues): EvalFlagOptions {
  if (values.record && values.live)
    throw usageError(
      'eval: --record and --live exclude each other',
      '--record calls the models and writes the cassettes; --live calls them and writes nothing',
    );
  const options: EvalFlagOptions = {};
  if (values.record) options.mode = 'record';
  if (values.live) options.mode = 'live';
  const repeat = wholeNumberFlag('eval', 'repeat', values.repeat, { unit: 'tries', least: 1, example: 3 });
  if (repeat !== undefined) options.repeat = repeat;
  const concurrency = wholeNumberFlag('eval', 'concurrency', values.concurrency, { unit: 'cases', least: 1, example: 4 });
  if (concurrency !== undefined) options.concurrency = concurrency;
  const filter = (values.filter ?? [])
    .flatMap((f) => f.split(','))
    .map((f) => f.trim())
    .filter(Boolean);
  if (values.filter !== undefined && filter.length === 0)
    throw usageError('eval: --filter needs a case id or tag', 'e.g. --filter refund-approved or --filter billing,refunds');
  if (filter.length) options.filter = filter;
  const thresholds = thresholdFlags(values);
  if (thresholds) options.thresholds = thresholds;
  return options;
}

function thresholdFlags(values: EvalFlagValues): EvalFlagOptions['thresholds'] {
  const thresholds: NonNullable<EvalFlagOptions['thresholds']> = {};
  const score = ratioFlag('min-score', values['min-score']);
  if (score !== undefined) thresholds.score = score;
  const passRate = ratioFlag('min-pass-rate', values['min-pass-rate']);
  if (passRate !== undefined) thresholds.passRate = passRate;
  for (const spec of values.min ?? []) {
    const at = spec.lastIndexOf('=');
    const name = spec.slice(0, Math.max(at, 0)).trim();
    if (at < 0 || name === '')
      throw usageError(
        `eval: --min ${JSON.stringify(spec)} is not <scorer>=<value>`,
        'e.g. --min trajectory=0.9 (the scorer’s mean, from 0 to 1)',
      );
    (thresholds.scorers ??= {})[name] = ratioFlag('min', spec.slice(at + 1), `${name}=`)!;
  }
  return Object.keys(thresholds).length ? thresholds : undefined;
}

/** A number from 0 to 1 (`0.9`, `1`, `.75`), or undefined when the flag is absent. */
function ratioFlag(flag: string, text: string | undefined, prefix = ''): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (/^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(text) && n >= 0 && n <= 1) return n;
  throw usageError(`eval: --${flag} ${JSON.stringify(prefix + text)} is not a number from 0 to 1`, `e.g. --${flag} ${prefix}0.9`);
}
