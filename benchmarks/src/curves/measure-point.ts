import { NotApplicableError } from '../harness/lazy.ts';
import { measure, type MeasureOptions } from '../harness/measure.ts';
import type { FrameworkId, Run } from '../harness/types.ts';
import type { CurveSpec } from './curve-specs.ts';

/** One measured size of one framework's curve. */
export interface CurvePoint {
  size: number;
  x: number;
  /** Median µs per step, or total bytes stored. */
  y: number;
  /** p10 / p90 of the per-step cost (timed curves only). */
  lo?: number;
  hi?: number;
  /** Median wall time of one run, ms; also what the next size's time is estimated from. */
  runMs: number;
  samples: number;
}

export type PointTiming = Pick<MeasureOptions, 'warmup' | 'samples' | 'minWarmupMs' | 'minSampleMs'>;

async function storedBytesPoint(spec: CurveSpec, framework: FrameworkId, size: number, run: Run): Promise<CurvePoint> {
  if (!run.storedBytes) throw new NotApplicableError('stores nothing for this shape (no stored-bytes count)');
  const t0 = process.hrtime.bigint();
  await run();
  const runMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const bytes = await run.storedBytes();
  if (!(bytes > 0)) throw new Error(`${spec.scenario.id}/${framework}: stored ${bytes} bytes at size ${size}`);
  return { size, x: spec.x(size), y: bytes, runMs, samples: 1 };
}

/**
 * Builds the framework's run for one size (setup untimed, as in the tables)
 * and measures it: per-step cost through the harness's measure(), or the bytes
 * stored by one run. Throws what the factory or the run throws;
 * NotApplicableError means the framework cannot express the shape.
 */
export async function measurePoint(spec: CurveSpec, framework: FrameworkId, size: number, timing: PointTiming): Promise<CurvePoint> {
  const run = await spec.scenario.factories[framework](size);
  try {
    if (spec.metric === 'storedBytes') return await storedBytesPoint(spec, framework, size, run);
    const { n, ...ms } = await measure(`${spec.id}/${framework}/${size}`, run, { ...timing, ...(run.reset ? { between: run.reset } : {}) });
    const perStep = 1000 / spec.scenario.steps(size);
    return { size, x: spec.x(size), y: ms.median * perStep, lo: ms.p10 * perStep, hi: ms.p90 * perStep, runMs: ms.median, samples: n };
  } finally {
    await run.reset?.();
  }
}
