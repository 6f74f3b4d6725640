// Must be first: blocks sockets/fetch before any framework code is loaded.
import { networkAttempts } from './harness/no-network.ts';
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { recordCold } from './cold/record-cold.ts';
import { runCold } from './cold/run-cold.ts';
import { builtVsSource } from './harness/built-vs-source.ts';
import { parseArgs, type CliOptions } from './harness/cli.ts';
import { gcExposed, measure } from './harness/measure.ts';
import { MemoryProbe } from './harness/memory-probe.ts';
import { formatShape, type Cell, type ShapeResult } from './harness/report.ts';
import { writeResults } from './harness/results-file.ts';
import { writeResultsMarkdown } from './harness/results-markdown.ts';
import { runCurves } from './curves/run-curves.ts';
import { FRAMEWORK_IDS, type FrameworkId, type Scenario, type Stats } from './harness/types.ts';
import { NotApplicableError } from './harness/lazy.ts';
import { weftFrom } from './harness/weft-from.ts';
import { runWeftPasses } from './harness/weft-passes.ts';
import { ALL_SCENARIOS } from './scenarios/all-scenarios.ts';

// A 100-way LangGraph fan-out legitimately hangs 100 abort listeners on one
// AbortSignal (@langchain/core raceWithSignal) and Node warns past 10. Raised,
// not disabled, so a real per-run listener leak still shows up after a few runs.
EventEmitter.defaultMaxListeners = 1000;

// A framework that leaves a stray rejection behind must not take the run down;
// it is reported, and the cell that caused it has already failed or finished.
const strays: string[] = [];
process.on('unhandledRejection', (reason) => strays.push(String(reason)));

// Time floors so millisecond-long runs get enough iterations to settle;
// slow cells (LangGraph with checkpoints) just take the minimum counts.
const timeFloors = (opts: CliOptions) => (opts.quick ? { minWarmupMs: 50, minSampleMs: 100 } : { minWarmupMs: 500, minSampleMs: 2000 });
// The leak check stops at a time cap so slow cells (LangGraph at 1000 nodes) don't add minutes each.
const leakCheckOptions = (opts: CliOptions) => ({ runs: opts.leakRuns, maxMs: opts.quick ? 2000 : 20_000 });

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const scale = (s: Stats, k: number): Stats => ({ median: s.median * k, p10: s.p10 * k, p90: s.p90 * k });

async function runCell(scenario: Scenario, framework: FrameworkId, size: number, opts: CliOptions): Promise<Cell> {
  const steps = scenario.steps(size);
  try {
    const probe = new MemoryProbe();
    const run = await scenario.factories[framework](size);
    await probe.beforeSamples();
    const { n, ...runMs } = await measure(`${scenario.id}/${framework}`, run, {
      warmup: opts.warmup,
      samples: opts.samples,
      ...timeFloors(opts),
      between: probe.between(run.reset),
    });
    // storedBytes describes the last timed run, so read it before any reset.
    const bytes = run.storedBytes ? await run.storedBytes() : undefined;
    await run.reset?.();
    // A summary may be a getter over every run so far: read it before the leak check adds runs.
    const summary = run.summary;
    const memory = await probe.finish(run, leakCheckOptions(opts));
    return {
      framework,
      ok: true,
      perStepUs: scale(runMs, 1000 / steps),
      runMs,
      samples: n,
      ...(bytes === undefined ? {} : { bytesPerStep: bytes / steps }),
      ...(run.note ? { note: run.note } : {}),
      ...(summary ? { summary } : {}),
      memory,
    };
  } catch (err) {
    if (err instanceof NotApplicableError) return { framework, ok: false, error: err.message, notApplicable: true };
    return { framework, ok: false, error: message(err) };
  }
}

function reportStrays(): void {
  console.log(`\nnetwork attempts blocked: ${networkAttempts.length}${networkAttempts.length ? ` (${networkAttempts.join(', ')})` : ''}`);
  if (strays.length) console.log(`unhandled rejections: ${strays.length} (first: ${strays[0]})`);
}

/** Every selected shape's table, printed as it is measured. */
async function runTables(opts: CliOptions): Promise<ShapeResult[]> {
  const results: ShapeResult[] = [];
  for (const scenario of ALL_SCENARIOS.filter((s) => opts.shapes.includes(s.id))) {
    const size = opts.size ?? (opts.quick ? scenario.size.quick : scenario.size.full);
    const cells: Cell[] = [];
    for (const framework of opts.frameworks) cells.push(await runCell(scenario, framework, size, opts));
    const result: ShapeResult = { shape: scenario.id, title: scenario.title, size, steps: scenario.steps(size), cells };
    results.push(result);
    console.log(formatShape(result));
  }
  return results;
}

/**
 * Checks that this process loads Weft from where the run says: the sources
 * for the main process (pnpm scripts set the condition), the pass's copy for a pass.
 */
function checkWeftFrom(opts: CliOptions): string {
  const want = opts.pass?.from ?? 'source';
  const found = weftFrom();
  if (found !== want)
    throw new Error(
      want === 'source'
        ? 'Weft resolves to dist/ here: run the harness through pnpm (`pnpm bench`), whose .npmrc sets --conditions=@weft/source, or pass --from dist'
        : 'the dist pass still resolves Weft to its sources',
    );
  return found === 'source' ? 'src/ (@weft/source condition)' : 'dist/ (the built JavaScript, no @weft/source condition)';
}

/** With --from both or dist: the two passes (weft-passes.ts), attached to the main results and compared. */
function runPasses(opts: CliOptions, results: ShapeResult[]): void {
  const passes = runWeftPasses(opts, fileURLToPath(import.meta.url));
  for (const r of results) {
    const [source, dist] = [passes.source, passes.dist].map((p) => p.find((x) => x.shape === r.shape)?.cells);
    if (source && dist) r.passes = { source, dist };
  }
  const table = builtVsSource(results);
  if (table) console.log(`\n## Weft from dist/ vs from src/, per-step µs, one fresh process each (dist/src < 1 = dist faster)\n\n${table}`);
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const from = opts.from === 'dist' && !opts.pass ? 'dist/ (in a process of its own, below)' : checkWeftFrom(opts);
  console.log(
    `weft benchmarks (${opts.quick ? 'quick' : 'full'}${opts.pass ? `, ${opts.pass.from} pass` : ''}): warmup >= ${opts.warmup}, samples >= ${opts.samples}, ` +
      `gc before each cell: ${gcExposed ? 'yes' : 'no'}; Weft from ${from}`,
  );
  if (opts.pass) {
    await writeFile(opts.pass.out, JSON.stringify(await runTables(opts)));
    return reportStrays();
  }
  const results = opts.from === 'dist' ? [] : await runTables(opts);
  runPasses(opts, results);
  const curves = await runCurves(opts);
  if (opts.storage) runStorageBenchmark();
  // After everything else: its processes run one at a time while this one only waits for them.
  const cold = opts.cold ? await runCold(opts.cold) : [];
  reportStrays();
  // Quick numbers are too noisy to keep, resized runs are not comparable
  // across days, and a run of some frameworks would replace a shape's cells
  // with fewer columns; only full runs of every framework are recorded
  // (a run of some shapes replaces just those shapes).
  const everyFramework = opts.frameworks.length === FRAMEWORK_IDS.length;
  if (!opts.quick && opts.size === undefined && opts.from !== 'dist' && everyFramework) {
    const file = await writeResults(results, { ...opts, ...timeFloors(opts) }, gcExposed, curves);
    console.log(`results written to ${file}`);
    console.log(`Markdown written to ${await writeResultsMarkdown(file)}`);
  }
  // Recorded on its own terms (full sizes, every framework, Weft from dist/), after the warm results so it is merged into them.
  if (opts.cold) {
    const file = await recordCold(cold, opts.cold);
    if (file) console.log(`cold table recorded in ${file} and its Markdown`);
  }
}

/**
 * The checkpoint storage benchmark (bytes per step, load and resume latency on
 * memory, SQLite, PostgreSQL and LangGraph's savers) in a process of its own:
 * it opens sockets to PostgreSQL, which this process's no-network guard forbids.
 */
function runStorageBenchmark(): void {
  const script = fileURLToPath(new URL('./storage.ts', import.meta.url));
  const res = spawnSync(process.execPath, [...process.execArgv, script, '--write'], { stdio: 'inherit' });
  if (res.status !== 0) console.log(`storage benchmark failed (exit ${String(res.status ?? res.signal)})`);
}

main().catch((err: unknown) => {
  console.error(message(err));
  process.exitCode = 1;
});
