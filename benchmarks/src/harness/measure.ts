import type { Stats } from './types.ts';

export interface MeasureOptions {
  warmup: number;
  samples: number;
  /** Untimed hook run before every sample (warm-up included), e.g. to drop stored threads. */
  between?: () => Promise<void> | void;
}

// `global.gc` only exists under --expose-gc; when present we collect before each
// sample so one sample's garbage is not billed to the next.
const gc = (globalThis as { gc?: () => void }).gc;
export const gcExposed = typeof gc === 'function';

/** Nearest-rank percentile over an ascending array; samples are few, so no interpolation. */
function percentile(sorted: readonly number[], p: number): number {
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] ?? Number.NaN;
}

/**
 * Times `fn` end to end. Returns milliseconds per call (median, p10, p90).
 * `name` is only used to make a thrown error say which measurement failed.
 */
export async function measure(
  name: string,
  fn: () => Promise<void>,
  { warmup, samples, between }: MeasureOptions,
): Promise<Stats> {
  if (samples < 1) throw new Error(`${name}: samples must be >= 1`);
  for (let i = 0; i < warmup; i++) {
    await between?.();
    await fn();
  }
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    await between?.();
    gc?.();
    const t0 = process.hrtime.bigint();
    await fn();
    const t1 = process.hrtime.bigint();
    times.push(Number(t1 - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p10: percentile(times, 10), p90: percentile(times, 90) };
}
