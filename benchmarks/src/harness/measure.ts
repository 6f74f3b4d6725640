import type { Stats } from './types.ts';

export interface MeasureOptions {
  warmup: number;
  samples: number;
  /** Untimed hook run before every sample (warm-up included), e.g. to drop stored threads. */
  between?: () => Promise<void> | void;
}

import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Collecting before each sample keeps one framework's garbage (LangGraph's
 * checkpoints, say) from being billed to whatever runs next. `global.gc` only
 * exists under --expose-gc, and `pnpm bench` runs plain `tsx`, so fall back to
 * the documented V8 trick: enable the flag at runtime and take `gc` from a
 * fresh context. If both fail we just run without it.
 */
function findGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const fromContext: unknown = vm.runInNewContext('gc');
    return typeof fromContext === 'function' ? (fromContext as () => void) : undefined;
  } catch {
    return undefined;
  }
}

const gc = process.env.BENCH_NO_GC ? undefined : findGc();
export const gcExposed = gc !== undefined;

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
    gc?.();
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
