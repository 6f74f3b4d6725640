import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CliOptions } from './cli.ts';
import type { ShapeResult } from './report.ts';
import { buildLinkedWeft } from './build-linked-weft.ts';
import { WEFT_IDS, type FrameworkId } from './types.ts';
import { nodeOptionsFor, withoutSourceCondition, type WeftCopy } from './weft-from.ts';

/**
 * A pass measures Weft's columns, and the baseline: it runs no Weft code, so
 * its change between the two passes is the noise to read Weft's against.
 */
const PASS_IDS: readonly FrameworkId[] = ['baseline', ...WEFT_IDS];

/** The harness's arguments for a pass: the same tables and counts, no leak check, curves or storage. */
function passArgs(opts: CliOptions, frameworks: readonly FrameworkId[], from: WeftCopy, file: string): string[] {
  return [
    ...(opts.quick ? ['--quick'] : []),
    ...['--only', opts.shapes.join(','), '--frameworks', frameworks.join(',')],
    ...['--warmup', String(opts.warmup), '--samples', String(opts.samples)],
    ...(opts.size === undefined ? [] : ['--size', String(opts.size)]),
    ...['--leak-runs', '0', '--no-curves', '--no-storage', '--pass', from, '--pass-out', file],
  ];
}

/** Runs the harness `script` in a process of its own that loads Weft from `from`; it prints its tables and returns them through a file. */
function runPass(opts: CliOptions, frameworks: readonly FrameworkId[], from: WeftCopy, script: string): ShapeResult[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'weft-bench-pass-'));
  const file = path.join(dir, 'results.json');
  try {
    const env = {
      ...process.env,
      NODE_OPTIONS: nodeOptionsFor(from),
    };
    const args = [...withoutSourceCondition(process.execArgv), script, ...passArgs(opts, frameworks, from, file)];
    const res = spawnSync(process.execPath, args, { stdio: 'inherit', env });
    if (res.status !== 0) throw new Error(`the ${from} pass failed (exit ${String(res.status ?? res.signal)})`);
    return JSON.parse(readFileSync(file, 'utf8')) as ShapeResult[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface WeftPasses {
  source: ShapeResult[];
  dist: ShapeResult[];
}

/**
 * Weft from its sources and from dist/ (the built JavaScript a user
 * installs), each in a fresh process that runs the same tables with only the
 * baseline and Weft's columns, so the two differ in nothing but where
 * `@weft/*` resolves. In the main process Weft's cells follow every peer's,
 * whose code, garbage and feedback slow later cells down: comparing them
 * with a fresh process would flatter dist/ (by up to 2x in --quick here).
 *
 * `--from dist` runs the dist pass alone. The packages are built first
 * (`pnpm build`; turbo replays unchanged ones from its cache). Empty when no
 * Weft column or no table is selected.
 */
export function runWeftPasses(opts: CliOptions, script: string): WeftPasses {
  const frameworks = opts.frameworks.filter((f) => PASS_IDS.includes(f));
  if (opts.from === 'source' || !opts.shapes.length || !frameworks.some((f) => WEFT_IDS.includes(f))) return { source: [], dist: [] };
  buildLinkedWeft('the dist pass');
  const source = opts.from === 'both' ? runPass(opts, frameworks, 'source', script) : [];
  return { source, dist: runPass(opts, frameworks, 'dist', script) };
}
