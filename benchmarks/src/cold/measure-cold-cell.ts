import { performance } from 'node:perf_hooks';
import { NotApplicableError, loadFramework } from '../harness/lazy.ts';
import { percentile } from '../harness/percentile.ts';
import type { FrameworkId, Scenario } from '../harness/types.ts';
import type { ColdCell } from './cold-cell.ts';

const msSince = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return msSince(t0);
}

/**
 * Measures one cell in a process that has loaded nothing of `framework`:
 * the import (harness/lazy.ts's loader), the factory call, run #1, then W
 * warm-up runs and N runs whose median and p90 per step are kept. The run's
 * `reset` hook is called between runs, untimed, as the warm harness does;
 * nothing runs before run #1 but the import and the factory. No forced GC:
 * a process that just started does not collect on purpose.
 */
export async function measureColdCell(
  scenario: Scenario,
  framework: FrameworkId,
  size: number,
  { first, warmup }: { first: number; warmup: number },
): Promise<ColdCell> {
  const steps = scenario.steps(size);
  const perStepUs = (ms: number): number => (ms * 1000) / steps;
  const startMs = performance.now();
  try {
    const importMs = await timed(() => loadFramework(framework));
    const setupStart = process.hrtime.bigint();
    const run = await scenario.factories[framework](size);
    const setupMs = msSince(setupStart);
    const times: number[] = [];
    for (let i = 0; i < 1 + warmup + first; i++) {
      if (i > 0) await run.reset?.();
      times.push(await timed(run));
    }
    const firstN = times.slice(1 + warmup).sort((a, b) => a - b);
    const firstRunMs = times[0] ?? Number.NaN;
    return {
      framework,
      ok: true,
      startMs,
      importMs,
      setupMs,
      firstRunMs,
      firstRunUs: perStepUs(firstRunMs),
      firstN: { median: perStepUs(percentile(firstN, 50)), p90: perStepUs(percentile(firstN, 90)) },
      ...(run.note ? { note: run.note } : {}),
    };
  } catch (err) {
    if (err instanceof NotApplicableError) return { framework, ok: false, error: err.message, notApplicable: true };
    return { framework, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
