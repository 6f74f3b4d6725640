import { nonNegativeInt, oneOf } from '../harness/arg-values.ts';
import { FRAMEWORK_IDS } from '../harness/types.ts';
import { WEFT_FROM } from '../harness/weft-from.ts';
import { ALL_SCENARIOS } from '../scenarios/all-scenarios.ts';
import { COLD_DEFAULTS, type ColdOptions } from './cold-options.ts';

// Shapes come from ALL_SCENARIOS, so a shape added there is in the cold table without a change here.
const SHAPES = ALL_SCENARIOS.map((s) => s.id);

const USAGE = `usage: tsx src/cold.ts [--quick] [--only <shape[,shape]>] [--frameworks a,b,...] [--from source|dist|both] [--first N] [--warmup W] [--size N]
  one fresh process per (shape, framework): import ms, setup ms, run #1, then the median and p90 of N runs (${COLD_DEFAULTS.first}) after W warm-ups (${COLD_DEFAULTS.warmup})
  Weft from dist/ unless --from says otherwise
  shapes:     ${SHAPES.join(', ')}
  frameworks: ${FRAMEWORK_IDS.join(', ')}`;

/** `pnpm bench:cold`'s arguments (`pnpm bench -- --quick` style, with a literal `--`, is accepted too). */
export function parseColdArgs(argv: readonly string[]): ColdOptions {
  const args = argv.filter((a) => a !== '--');
  const opts: ColdOptions = {
    quick: false,
    shapes: [...SHAPES],
    frameworks: [...FRAMEWORK_IDS],
    size: undefined,
    from: COLD_DEFAULTS.from,
    first: COLD_DEFAULTS.first,
    warmup: COLD_DEFAULTS.warmup,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const next = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return v;
    };
    const list = (): string[] => next().split(',');
    if (arg === '--quick') opts.quick = true;
    else if (arg === '--only') opts.shapes = list().map((s) => oneOf('shape', s, SHAPES, USAGE));
    else if (arg === '--frameworks') opts.frameworks = list().map((f) => oneOf('framework', f, FRAMEWORK_IDS, USAGE));
    else if (arg === '--from') opts.from = oneOf('--from value', next(), WEFT_FROM, USAGE);
    else if (arg === '--first') opts.first = Math.max(1, nonNegativeInt(arg, next(), USAGE));
    else if (arg === '--warmup') opts.warmup = nonNegativeInt(arg, next(), USAGE);
    else if (arg === '--size') opts.size = Math.max(1, nonNegativeInt(arg, next(), USAGE));
    else if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    else throw new Error(`unknown argument "${arg}"\n${USAGE}`);
  }
  // Table order whatever order the flags listed them in.
  opts.shapes = SHAPES.filter((s) => opts.shapes.includes(s));
  opts.frameworks = FRAMEWORK_IDS.filter((f) => opts.frameworks.includes(f));
  return opts;
}
