import { settledHeapUsed } from './settled-heap.ts';
import type { Run } from './types.ts';

export interface LeakCheckOptions {
  /** Runs to do after the timed samples (1000 full, 50 quick). */
  runs: number;
  /** Stop early once this much time has gone by; the result says how many runs were done. */
  maxMs: number;
}

export interface LeakCheckResult {
  runs: number;
  ms: number;
  /** Settled heapUsed after the runs minus before them, bytes (negative: the heap shrank). */
  growthBytes: number;
  /** The same over the second half of the runs only (undefined if there was no second half). */
  lateRuns: number;
  lateGrowthBytes: number | undefined;
  suspectedLeak: boolean;
}

/**
 * Growth flagged as a suspected leak must pass both floors over all runs, and
 * half of each over the second half of the runs alone (a steady leak puts half
 * its growth there). The total floor sits above V8's own drift between
 * settled readings (code and feedback of functions tiering up, bytecode
 * flushed for functions idle since earlier cells): up to about ±300 KB per
 * cell here. The per-run floor is what a real leak looks like at this scale
 * (1 KB/run is 1 MB per 1000 runs). The second-half test keeps growth that
 * stops from reading as a leak: LangGraph's first 50 runs of a 50-node chain
 * grow the heap by about 3 MB (JIT, caches), then it stays flat for 450 more,
 * and --quick's leak check starts after only a handful of runs.
 */
export const LEAK_THRESHOLD = { totalBytes: 1024 * 1024, bytesPerRun: 1024 } as const;

function suspected(total: number, runs: number, late: number | undefined, lateRuns: number): boolean {
  const over = (bytes: number, n: number, k: number) =>
    bytes > k * LEAK_THRESHOLD.totalBytes && bytes / Math.max(1, n) > LEAK_THRESHOLD.bytesPerRun;
  // With no second half (one slow run hit the time cap) steadiness can't be told.
  return over(total, runs, 1) && (late === undefined || over(late, lateRuns, 0.5));
}

/**
 * Runs the already-warm `run` up to `runs` more times with its untimed
 * `reset()` before each run and once after the last, exactly as the timing
 * loop and the cell's clean-up do, so the heap before and after hold the same
 * live state. `heapBefore` is the settled heap in that state. The heap is
 * settled once more halfway (by runs or by time, whichever comes first).
 * `afterRun` lets the caller sample RSS.
 */
export async function leakCheck(
  run: Run,
  heapBefore: number,
  { runs, maxMs }: LeakCheckOptions,
  afterRun?: () => void,
): Promise<LeakCheckResult> {
  const t0 = performance.now();
  let done = 0;
  let mid: { runs: number; heap: number } | undefined;
  while (done < runs && (done === 0 || performance.now() - t0 < maxMs)) {
    await run.reset?.();
    await run();
    afterRun?.();
    done++;
    if (!mid && (done >= runs / 2 || performance.now() - t0 >= maxMs / 2)) {
      await run.reset?.();
      mid = { runs: done, heap: (await settledHeapUsed()) ?? heapBefore };
    }
  }
  const ms = performance.now() - t0;
  await run.reset?.();
  const after = (await settledHeapUsed()) ?? heapBefore;
  const growthBytes = after - heapBefore;
  const lateRuns = done - (mid?.runs ?? done);
  const lateGrowthBytes = mid && lateRuns > 0 ? after - mid.heap : undefined;
  return { runs: done, ms, growthBytes, lateRuns, lateGrowthBytes, suspectedLeak: suspected(growthBytes, done, lateGrowthBytes, lateRuns) };
}
