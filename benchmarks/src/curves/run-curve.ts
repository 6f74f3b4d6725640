import { NotApplicableError } from '../harness/lazy.ts';
import { fmt } from '../harness/report.ts';
import type { FrameworkId, ShapeId } from '../harness/types.ts';
import type { CurveId } from './curve-ids.ts';
import type { CurveMetric, CurveSpec } from './curve-specs.ts';
import { estimatePointMs } from './estimate-point-ms.ts';
import { measurePoint, type CurvePoint, type PointTiming } from './measure-point.ts';

/**
 * A size a framework has no point for: it cannot express the shape (`n/a`,
 * recorded at the first size), it failed (`error`; larger sizes are skipped),
 * or measuring it was estimated to take longer than the per-point budget.
 */
export interface CurveGap {
  framework: FrameworkId;
  size: number;
  kind: 'n/a' | 'error' | 'dropped';
  reason: string;
}

export interface CurveSeries {
  framework: FrameworkId;
  points: CurvePoint[];
}

/** One curve as measured; also its entry under `curves` in the results file. */
export interface CurveResult {
  id: CurveId;
  title: string;
  shape: ShapeId;
  metric: CurveMetric;
  xTitle: string;
  yTitle: string;
  notes: readonly string[];
  sizes: readonly number[];
  sizeUnit: string;
  /** The x value plotted for each size, in the same order. */
  xs: readonly number[];
  timing: PointTiming;
  budgetMs: number;
  series: CurveSeries[];
  gaps: CurveGap[];
  elapsedMs: number;
  /** File name of the rendered SVG, next to the results file (set once written). */
  chart?: string;
  measuredAt?: string;
}

export interface CurveMode {
  quick: boolean;
  timing: PointTiming;
  /** A size whose measurement is estimated to take longer than this is dropped, with every larger one. */
  budgetMs: number;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function describe(spec: CurveSpec, p: CurvePoint): string {
  if (spec.metric === 'storedBytes') return `${p.y.toLocaleString('en-US')} bytes (${fmt(p.y / spec.scenario.steps(p.size))}/step)`;
  return `${fmt(p.y)} µs/step (p10–p90 ${fmt(p.lo ?? p.y)}–${fmt(p.hi ?? p.y)}), ${p.samples} runs of ${fmt(p.runMs)} ms`;
}

/** Measures one framework at every size of the curve, smallest first; returns its points and gaps. */
async function sweep(spec: CurveSpec, framework: FrameworkId, mode: CurveMode, log: (line: string) => void) {
  const points: CurvePoint[] = [];
  const gaps: CurveGap[] = [];
  const label = (size: number): string => `  ${framework.padEnd(14)} ${size} ${spec.sizeUnit}:`;
  for (const size of spec.sizes[mode.quick ? 'quick' : 'full']) {
    const estimate = estimatePointMs(points, size, spec.metric, mode.timing);
    if (estimate > mode.budgetMs) {
      const reason = `estimated ${seconds(estimate)} to measure, over the ${seconds(mode.budgetMs)} per-point budget`;
      gaps.push({ framework, size, kind: 'dropped', reason });
      log(`${label(size)} dropped, ${reason}`);
      continue;
    }
    const t0 = Date.now();
    try {
      const p = await measurePoint(spec, framework, size, mode.timing);
      points.push(p);
      log(`${label(size)} ${describe(spec, p)}; ${seconds(Date.now() - t0)}`);
    } catch (err) {
      const kind = err instanceof NotApplicableError ? 'n/a' : 'error';
      gaps.push({ framework, size, kind, reason: message(err) });
      log(`${label(size)} ${kind}: ${message(err)}`);
      // n/a holds at every size; after an error, larger sizes would most likely fail the same way.
      break;
    }
  }
  return { points, gaps };
}

/**
 * Sweeps the curve's sizes for each of its frameworks that is also in
 * `frameworks` (one framework at a time, smallest size first, so every
 * point's time can be estimated from the smaller ones before it is spent).
 */
export async function runCurve(
  spec: CurveSpec,
  frameworks: readonly FrameworkId[],
  mode: CurveMode,
  log: (line: string) => void,
): Promise<CurveResult> {
  const t0 = Date.now();
  const series: CurveSeries[] = [];
  const gaps: CurveGap[] = [];
  for (const framework of spec.frameworks.filter((f) => frameworks.includes(f))) {
    const swept = await sweep(spec, framework, mode, log);
    if (swept.points.length) series.push({ framework, points: swept.points });
    gaps.push(...swept.gaps);
  }
  return {
    id: spec.id,
    title: spec.title,
    shape: spec.scenario.id,
    metric: spec.metric,
    xTitle: spec.xTitle,
    yTitle: spec.yTitle,
    notes: spec.notes,
    sizes: spec.sizes[mode.quick ? 'quick' : 'full'],
    sizeUnit: spec.sizeUnit,
    xs: spec.sizes[mode.quick ? 'quick' : 'full'].map(spec.x),
    timing: mode.timing,
    budgetMs: mode.budgetMs,
    series,
    gaps,
    elapsedMs: Date.now() - t0,
  };
}
