import type { CurveMetric } from './curve-specs.ts';
import type { CurvePoint, PointTiming } from './measure-point.ts';

/**
 * Estimated wall time to measure `size`, from the same framework's smaller
 * sizes: run time is extrapolated along the log-log slope of the last two
 * points (clamped to 1..3: every shape here does work at least linear in its
 * size), or quadratically when only one point is known, the worst growth seen
 * (LangGraph's growing history). Then the warm-up and sampling floors of
 * measure() are applied. 0 when nothing is known yet: curves start small.
 */
export function estimatePointMs(done: readonly CurvePoint[], size: number, metric: CurveMetric, timing: PointTiming): number {
  const last = done.at(-1);
  if (!last) return 0;
  const prev = done.at(-2);
  const slope = prev && last.size > prev.size ? Math.log(last.runMs / prev.runMs) / Math.log(last.size / prev.size) : 2;
  const run = last.runMs * (size / last.size) ** Math.min(3, Math.max(1, slope));
  if (metric === 'storedBytes') return run;
  return Math.max(timing.warmup * run, timing.minWarmupMs ?? 0) + Math.max(timing.samples * run, timing.minSampleMs ?? 0);
}
