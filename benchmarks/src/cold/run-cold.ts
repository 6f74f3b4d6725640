import { rm } from 'node:fs/promises';
import { buildLinkedWeft } from '../harness/build-linked-weft.ts';
import { WEFT_IDS, type FrameworkId, type Scenario } from '../harness/types.ts';
import type { WeftCopy } from '../harness/weft-from.ts';
import { ALL_SCENARIOS } from '../scenarios/all-scenarios.ts';
import { buildColdChild } from './build-cold-child.ts';
import type { ColdCell } from './cold-cell.ts';
import type { ColdOptions } from './cold-options.ts';
import { coldRatioTable } from './cold-ratio-table.ts';
import type { ColdShape } from './cold-shape.ts';
import { coldShapeTable } from './cold-shape-table.ts';
import { runColdChild } from './run-cold-child.ts';

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A cell's process: Weft's columns once per origin; every other column once, loaded as users load it (no condition). */
function columns(opts: ColdOptions): { framework: FrameworkId; from: WeftCopy }[] {
  const origins: WeftCopy[] = opts.from === 'both' ? ['source', 'dist'] : [opts.from];
  return opts.frameworks.flatMap((framework) =>
    WEFT_IDS.includes(framework) ? origins.map((from) => ({ framework, from })) : [{ framework, from: 'dist' as const }],
  );
}

/**
 * One process per origin imports, builds and runs every selected cell once
 * (at its quick size) before anything is measured, so the figures are a fresh process's own
 * start-up and not the disk's: the first process to read a package after a
 * while paid for the reads.
 */
function prime(entry: string, opts: ColdOptions, timeoutMs: number): void {
  const cols = columns(opts);
  for (const from of new Set(cols.map((c) => c.from))) {
    const frameworks = cols.filter((c) => c.from === from).map((c) => c.framework);
    try {
      runColdChild(entry, ['--prime', '--shapes', opts.shapes.join(','), '--frameworks', frameworks.join(',')], from, timeoutMs);
    } catch (err) {
      // Only the reads are lost: each cell still runs, and reports its own failure if it has one.
      console.log(`   priming the ${from} processes failed: ${message(err)}`);
    }
  }
}

function measureShape(entry: string, scenario: Scenario, opts: ColdOptions, timeoutMs: number, blocked: string[]): ColdShape {
  const size = opts.size ?? (opts.quick ? scenario.size.quick : scenario.size.full);
  const cells: ColdCell[] = [];
  for (const { framework, from } of columns(opts)) {
    const args = ['--shape', scenario.id, '--framework', framework, '--size', String(size)];
    args.push('--first', String(opts.first), '--warmup', String(opts.warmup));
    const origin = WEFT_IDS.includes(framework) ? { from } : {};
    try {
      const report = runColdChild(entry, args, from, timeoutMs);
      blocked.push(...report.networkAttempts);
      if (report.unhandledRejections.length)
        console.log(
          `   ${scenario.id}/${framework}: ${report.unhandledRejections.length} unhandled rejection(s), first: ${report.unhandledRejections[0]}`,
        );
      if (!report.cell) throw new Error('the cold process reported no cell');
      cells.push({ ...report.cell, ...origin });
    } catch (err) {
      cells.push({ framework, ...origin, ok: false, error: message(err) });
    }
  }
  const { first, warmup } = opts;
  return { shape: scenario.id, title: scenario.title, size, steps: scenario.steps(size), first, warmup, cells };
}

/**
 * The cold table: for each selected shape and framework column, a fresh
 * process (cold-child.ts), one after another, that imports the framework,
 * builds the shape, and times run #1 and then N runs after W warm-ups.
 * Builds Weft first when dist/ is measured, and the compiled harness the
 * processes run. Prints a table per shape as it is measured and the Weft /
 * fastest-peer ratios at the end, and returns the shapes.
 */
export async function runCold(opts: ColdOptions): Promise<ColdShape[]> {
  const scenarios = ALL_SCENARIOS.filter((s) => opts.shapes.includes(s.id));
  if (!scenarios.length || !opts.frameworks.length) return [];
  const started = Date.now();
  if (opts.from !== 'source' && opts.frameworks.some((f) => WEFT_IDS.includes(f))) buildLinkedWeft('the cold table');
  const child = await buildColdChild();
  const timeoutMs = (opts.quick ? 2 : 10) * 60_000;
  const where = opts.from === 'both' ? 'src/ and dist/' : opts.from === 'source' ? 'src/ (through tsx)' : 'dist/';
  console.log(
    `\n# cold table (${opts.quick ? 'quick' : 'full'}): one fresh process per cell, one at a time; import, setup, run #1, ` +
      `then the first ${opts.first} runs after ${opts.warmup} warm-ups; no forced GC; Weft from ${where}`,
  );
  const shapes: ColdShape[] = [];
  const blocked: string[] = [];
  try {
    prime(child.entry, opts, timeoutMs);
    for (const scenario of scenarios) {
      const shape = measureShape(child.entry, scenario, opts, timeoutMs, blocked);
      shapes.push(shape);
      console.log(
        `\n## ${shape.shape} (cold): ${shape.title}\n   size ${shape.size}, ${shape.steps} steps per run\n\n${coldShapeTable(shape)}`,
      );
    }
  } finally {
    await rm(child.dir, { recursive: true, force: true });
  }
  const ratios = coldRatioTable(shapes);
  if (ratios) console.log(`\n## Weft / fastest peer, cold (< 1 = Weft faster)\n\n${ratios}`);
  console.log(
    `\ncold table took ${((Date.now() - started) / 1000).toFixed(0)} s; network attempts blocked in cold processes: ${blocked.length}`,
  );
  return shapes;
}
