import { forceGc as gc } from './force-gc.ts';
import { percentile } from './percentile.ts';
import type { Stats } from './types.ts';

export interface MeasureOptions {
  /** Minimum warm-up runs (JIT, caches) before anything is recorded. */
  warmup: number;
  /** Minimum recorded runs. */
  samples: number;
  /**
   * Keep warming up until this much time has passed too. Short runs (a few ms)
   * need many more iterations than long ones before V8 has settled.
   */
  minWarmupMs?: number;
  /** Keep sampling until this much time has been recorded too (capped by maxSamples). */
  minSampleMs?: number;
  maxSamples?: number;
  /** Untimed hook run before every run (warm-up included), e.g. to drop stored threads. */
  between?: () => Promise<void> | void;
}

/**
 * One full collection before each measurement keeps the previous framework's
 * garbage (LangGraph's checkpoints, say) from being billed to the next one.
 * It is deliberately NOT done before every sample: a forced full GC shrinks
 * the heap and made the following run 1.5-2x slower for every framework.
 * If no `gc` can be had (see force-gc.ts) we run without it.
 */
export const gcExposed = gc !== undefined;

async function timeOnce(fn: () => Promise<void>, between: MeasureOptions['between']): Promise<number> {
  await between?.();
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/**
 * Times `fn` end to end and returns milliseconds per call (median, p10, p90)
 * plus how many samples were taken. `name` only labels errors.
 */
export async function measure(
  name: string,
  fn: () => Promise<void>,
  { warmup, samples, minWarmupMs = 0, minSampleMs = 0, maxSamples = 1000, between }: MeasureOptions,
): Promise<Stats & { n: number }> {
  if (samples < 1) throw new Error(`${name}: samples must be >= 1`);
  gc?.();
  let warmed = 0;
  for (let i = 0; i < warmup || (warmed < minWarmupMs && i < maxSamples); i++) {
    warmed += await timeOnce(fn, between);
  }
  const times: number[] = [];
  let recorded = 0;
  while (times.length < samples || (recorded < minSampleMs && times.length < maxSamples)) {
    const ms = await timeOnce(fn, between);
    times.push(ms);
    recorded += ms;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p10: percentile(times, 10), p90: percentile(times, 90), n: times.length };
}
