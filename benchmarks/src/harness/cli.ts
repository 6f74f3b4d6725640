import { COLD_DEFAULTS, type ColdOptions } from '../cold/cold-options.ts';
import { CURVE_IDS, type CurveId } from '../curves/curve-ids.ts';
import { nonNegativeInt, oneOf } from './arg-values.ts';
import { FRAMEWORK_IDS, SHAPE_IDS, type FrameworkId, type ShapeId } from './types.ts';
import { WEFT_FROM, type WeftCopy, type WeftFrom } from './weft-from.ts';

export interface CliOptions {
  quick: boolean;
  shapes: ShapeId[];
  frameworks: FrameworkId[];
  /** Minimum warm-up runs / recorded samples; measure() adds time floors on top. */
  warmup: number;
  samples: number;
  /** Overrides every selected shape's size (for scaling checks); undefined = per-mode default. */
  size: number | undefined;
  /** Leak-check runs after each cell's samples (1000 full, 50 quick); 0 skips the check. */
  leakRuns: number;
  /** Scaling curves to sweep after the tables (all by default; none with --no-curves or a narrowed table run). */
  curves: CurveId[];
  /** Run the checkpoint storage benchmark (src/storage.ts) after the curves: full, un-narrowed runs only, unless --no-storage. */
  storage: boolean;
  /**
   * Where Weft's packages are loaded from for the tables: `source` (src/*.ts
   * through the @weft/source condition), `dist` (the built JavaScript, in a
   * second process without the condition), or `both`. Recorded runs default
   * to `both`, every other run to `source`.
   */
  from: WeftFrom;
  /**
   * `--cold`: after everything else, the cold table (src/cold/) of the same
   * shapes, frameworks and sizes: Weft from `--from` if given, else dist/;
   * N = `--first` (20), W = 3.
   */
  cold: ColdOptions | undefined;
  /** Internal (weft-passes.ts): this process is a pass of a parent run that loads Weft from `from`; it writes its tables to `out`. */
  pass: { from: WeftCopy; out: string } | undefined;
}

const USAGE = `usage: tsx src/main.ts [--quick] [--only <shape>] [--frameworks a,b,...] [--warmup N] [--samples N] [--size N] [--leak-runs N]
       [--no-curves | --curves-only] [--curves c,...] [--no-storage] [--from source|dist|both] [--cold [--first N]]
  shapes:     ${SHAPE_IDS.join(', ')}
  curves:     ${CURVE_IDS.join(', ')}
  frameworks: ${FRAMEWORK_IDS.join(', ')}`;

const pick = <T extends string>(kind: string, value: string, allowed: readonly T[]): T => oneOf(kind, value, allowed, USAGE);
const count = (flag: string, value: string | undefined): number => nonNegativeInt(flag, value, USAGE);

export function parseArgs(argv: readonly string[]): CliOptions {
  // pnpm forwards a literal "--" when called as `pnpm bench -- --quick`.
  const args = argv.filter((a) => a !== '--');
  const opts: CliOptions = {
    quick: false,
    shapes: [...SHAPE_IDS],
    frameworks: [...FRAMEWORK_IDS],
    warmup: -1,
    samples: -1,
    size: undefined,
    leakRuns: -1,
    curves: [],
    storage: true,
    from: 'source',
    cold: undefined,
    pass: undefined,
  };
  let from: WeftFrom | undefined;
  let pass: WeftCopy | undefined;
  let passOut: string | undefined;
  let cold = false;
  let first: number | undefined;
  let curvesFlag: 'default' | 'none' | 'only' = 'default';
  let pickedCurves: CurveId[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const next = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return v;
    };
    if (arg === '--quick') opts.quick = true;
    else if (arg === '--only')
      opts.shapes = next()
        .split(',')
        .map((s) => pick('shape', s, SHAPE_IDS));
    else if (arg === '--frameworks')
      opts.frameworks = next()
        .split(',')
        .map((f) => pick('framework', f, FRAMEWORK_IDS));
    else if (arg === '--warmup') opts.warmup = count(arg, next());
    else if (arg === '--samples') opts.samples = Math.max(1, count(arg, next()));
    else if (arg === '--size') opts.size = Math.max(1, count(arg, next()));
    else if (arg === '--leak-runs') opts.leakRuns = count(arg, next());
    else if (arg === '--no-curves' || arg === '--curves-only') {
      if (curvesFlag !== 'default') throw new Error(`--no-curves and --curves-only exclude each other\n${USAGE}`);
      curvesFlag = arg === '--no-curves' ? 'none' : 'only';
    } else if (arg === '--curves')
      pickedCurves = next()
        .split(',')
        .map((c) => pick('curve', c, CURVE_IDS));
    else if (arg === '--no-storage') opts.storage = false;
    else if (arg === '--from') from = pick('--from value', next(), WEFT_FROM);
    else if (arg === '--cold') cold = true;
    else if (arg === '--first') first = Math.max(1, count(arg, next()));
    else if (arg === '--pass') pass = pick('--pass value', next(), ['source', 'dist'] as const);
    else if (arg === '--pass-out') passOut = next();
    else if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    else throw new Error(`unknown argument "${arg}"\n${USAGE}`);
  }
  // Canonical order regardless of how the flags listed them, so tables line up across runs.
  opts.shapes = SHAPE_IDS.filter((s) => opts.shapes.includes(s));
  opts.frameworks = FRAMEWORK_IDS.filter((f) => opts.frameworks.includes(f));
  // Quick mode exists so CI finishes in seconds; full mode trades time for stabler medians.
  if (opts.warmup < 0) opts.warmup = opts.quick ? 1 : 2;
  if (opts.samples < 0) opts.samples = opts.quick ? 3 : 10;
  if (opts.leakRuns < 0) opts.leakRuns = opts.quick ? 50 : 1000;
  // The curves take minutes: a table run narrowed by --only or resized by --size skips them unless --curves names some.
  const narrowed = args.includes('--only') || opts.size !== undefined;
  const curves: readonly CurveId[] = pickedCurves ?? (narrowed && curvesFlag !== 'only' ? [] : CURVE_IDS);
  opts.curves = curvesFlag === 'none' ? [] : CURVE_IDS.filter((c) => curves.includes(c));
  if (curvesFlag === 'only') opts.shapes = [];
  // Storage (issue scenario 8) is a separate process run; CI runs it on its own (bench:storage).
  opts.storage = opts.storage && !opts.quick && !narrowed && curvesFlag === 'default';
  // A recorded run (full size) carries the built-JavaScript figures next to the sources' unless told otherwise.
  opts.from = from ?? (!opts.quick && opts.size === undefined ? 'both' : 'source');
  if (pass && passOut) opts.pass = { from: pass, out: passOut };
  if (first !== undefined && !cold) throw new Error(`--first belongs to the cold table: add --cold\n${USAGE}`);
  if (cold) {
    const { quick, shapes, frameworks, size } = opts;
    opts.cold = {
      quick,
      shapes,
      frameworks,
      size,
      from: from ?? COLD_DEFAULTS.from,
      first: first ?? COLD_DEFAULTS.first,
      warmup: COLD_DEFAULTS.warmup,
    };
  }
  // --from dist measures only the tables, in a process of their own; the curves and storage load Weft from src/.
  if (opts.from === 'dist') [opts.curves, opts.storage] = [[], false];
  return opts;
}
