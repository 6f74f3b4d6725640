import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliOptions } from '../harness/cli.ts';
import { curveChart } from './curve-chart.ts';
import { CURVE_SPECS } from './curve-specs.ts';
import { curveTable } from './curve-table.ts';
import { runCurve, type CurveMode, type CurveResult } from './run-curve.ts';

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../results');

// Fewer runs per point than the tables (there are ~80 points): one warm-up and
// three samples, with time floors so millisecond runs still get a few dozen.
// The budget drops sizes whose measurement would dominate the whole sweep
// (LangGraph's growing history is quadratic per run).
const FULL: CurveMode = { quick: false, timing: { warmup: 1, samples: 3, minWarmupMs: 250, minSampleMs: 500 }, budgetMs: 20_000 };
const QUICK: CurveMode = { quick: true, timing: { warmup: 1, samples: 3, minWarmupMs: 20, minSampleMs: 50 }, budgetMs: 3_000 };

function formatTable(curve: CurveResult): string {
  const { head, rows } = curveTable(curve);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [`   ${curve.yTitle}, by ${curve.xTitle}`, line(head), ...rows.map(line)].join('\n');
}

/**
 * Runs the curves selected in `opts` (sizes per mode, frameworks filtered by
 * --frameworks), prints each point as it is measured and a table per curve,
 * and writes one SVG chart per curve: next to the results file when the run
 * is recorded (full mode, default sizes, as in main.ts), else to the
 * gitignored results/tmp/ so quick runs exercise the renderer without
 * producing files to commit.
 */
export async function runCurves(opts: CliOptions): Promise<CurveResult[]> {
  if (!opts.curves.length) return [];
  const recorded = !opts.quick && opts.size === undefined;
  const dir = recorded ? resultsDir : path.join(resultsDir, 'tmp');
  const date = new Date().toISOString().slice(0, 10);
  const mode = opts.quick ? QUICK : FULL;
  const t = mode.timing;
  console.log(
    `\n# scaling curves (${opts.quick ? 'quick' : 'full'}): per point warmup >= ${t.warmup} (${t.minWarmupMs} ms), ` +
      `samples >= ${t.samples} (${t.minSampleMs} ms), budget ${mode.budgetMs / 1000} s`,
  );
  const t0 = Date.now();
  const curves: CurveResult[] = [];
  await mkdir(dir, { recursive: true });
  for (const id of opts.curves) {
    const spec = CURVE_SPECS[id];
    console.log(`\n## curve ${id}: ${spec.title}`);
    const curve = await runCurve(spec, opts.frameworks, mode, (line) => console.log(line));
    const file = path.join(dir, `${date}-${id}.svg`);
    await writeFile(file, curveChart(curve));
    curve.chart = path.basename(file);
    console.log(`${formatTable(curve)}\n   ${(curve.elapsedMs / 1000).toFixed(1)} s; chart written to ${file}`);
    curves.push(curve);
  }
  console.log(`\ncurves took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return curves;
}
