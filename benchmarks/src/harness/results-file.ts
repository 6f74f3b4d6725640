import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliOptions } from './cli.ts';
import { dayResultsFile } from './day-results-file.ts';
import { installedVersions } from './installed-versions.ts';
import type { ShapeResult } from './report.ts';
import { runEnvironment } from './run-environment.ts';
import { SHAPE_IDS } from './types.ts';
import { COLD_UNITS } from '../cold/cold-cell.ts';
import { mergeCold } from '../cold/merge-cold.ts';
import { mergeCurves } from '../curves/merge-curves.ts';
import type { CurveResult } from '../curves/run-curve.ts';

type Stored = ShapeResult & { measuredAt?: string };

/**
 * Results already in the day's file for shapes this run did not measure, so an
 * `--only` run adds to the file instead of wiping it. Each keeps the time it
 * was measured (older entries: the file's date).
 */
async function kept(file: string, measured: readonly string[]): Promise<Stored[]> {
  try {
    const old = JSON.parse(await readFile(file, 'utf8')) as { date?: string; results?: Stored[] };
    return (old.results ?? [])
      .filter((r) => !measured.includes(r.shape))
      .map((r) => ({ ...r, measuredAt: r.measuredAt ?? old.date ?? 'unknown' }));
  } catch {
    return [];
  }
}

/**
 * Writes benchmarks/results/<YYYY-MM-DD>.json (UTC date) and returns its path.
 * Shapes measured again replace their earlier entry; the others are kept.
 */
export async function writeResults(
  results: ShapeResult[],
  opts: CliOptions & { minWarmupMs: number; minSampleMs: number },
  gcExposed: boolean,
  curves: readonly CurveResult[] = [],
): Promise<string> {
  const now = new Date();
  const file = dayResultsFile(now);
  const fresh: Stored[] = results.map((r) => ({ ...r, measuredAt: now.toISOString() }));
  const order = (r: Stored) => SHAPE_IDS.indexOf(r.shape);
  const merged = [
    ...(await kept(
      file,
      results.map((r) => r.shape),
    )),
    ...fresh,
  ].sort((a, b) => order(a) - order(b));
  const doc = {
    date: now.toISOString(),
    environment: { ...runEnvironment(), gcExposed },
    versions: await installedVersions(),
    options: {
      minWarmupRuns: opts.warmup,
      minSamples: opts.samples,
      minWarmupMs: opts.minWarmupMs,
      minSampleMs: opts.minSampleMs,
      frameworks: opts.frameworks,
      leakCheckRuns: opts.leakRuns,
      // 'both': each shape's `dist` holds the dist pass's cells (Weft from the built JavaScript).
      weftFrom: opts.from,
    },
    units: {
      perStepUs: 'microseconds per node step',
      runMs: 'milliseconds per run',
      bytesPerStep: 'bytes',
      memory:
        'peakRssMb/rssBeforeMb: MB of process RSS; heapBeforeMb: MB of heapUsed after forced GCs; ' +
        'timedHeapGrowthKb/heapGrowthKb: KB of settled heap change across warm-up + samples / across the leak check ' +
        '(`runs` runs, capped at 20 s full, 2 s quick); bytesPerRun/lateBytesPerRun: bytes per leak-check run (all / second half); ' +
        'suspectedLeak: heapGrowth > 1 MB and > 1 KB/run, the second half alone > 0.5 MB and > 1 KB/run',
      cold: COLD_UNITS,
    },
    results: merged,
    // Scaling curves (src/curves/); curves measured now replace theirs, the others are kept.
    curves: await mergeCurves(file, curves, now),
    // The cold table (src/cold/) is recorded by its own runs (record-cold.ts): kept as it is.
    cold: await mergeCold(file, [], now),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}
