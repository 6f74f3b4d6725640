import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliOptions } from './cli.ts';
import type { ShapeResult } from './report.ts';
import { SHAPE_IDS } from './types.ts';
import { mergeCurves } from '../curves/merge-curves.ts';
import type { CurveResult } from '../curves/run-curve.ts';

const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Installed version of a dependency, read from disk so the JSON says what was actually measured. */
async function installed(pkg: string): Promise<string> {
  try {
    const raw = await readFile(path.join(benchRoot, 'node_modules', pkg, 'package.json'), 'utf8');
    const parsed = JSON.parse(raw) as { version?: string };
    return parsed.version ?? 'unknown';
  } catch {
    return 'not installed';
  }
}

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
  const file = path.join(benchRoot, 'results', `${now.toISOString().slice(0, 10)}.json`);
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
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      gcExposed,
    },
    versions: {
      '@langchain/langgraph': await installed('@langchain/langgraph'),
      '@langchain/core': await installed('@langchain/core'),
      '@google/adk': await installed('@google/adk'),
      '@openai/agents': await installed('@openai/agents'),
      '@weft/graph': await installed('@weft/graph'),
      '@weft/agents': await installed('@weft/agents'),
    },
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
    },
    results: merged,
    // Scaling curves (src/curves/); curves measured now replace theirs, the others are kept.
    curves: await mergeCurves(file, curves, now),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}
