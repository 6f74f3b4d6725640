import { measure } from '../harness/measure.ts';

/** Settings for each timed cell: enough warm-up for the JIT, enough samples for a steady median on a shared machine. */
export const BREAKDOWN_MEASURE = { warmup: 20, samples: 30, minWarmupMs: 300, minSampleMs: 1500, maxSamples: 5000 } as const;

/**
 * Median microseconds of one call of `fn`, each sample a batch of `batch`
 * calls (a batch long enough that the clock's resolution and one GC pause do
 * not decide the figure), with `between` untimed before each batch.
 */
export async function timePerCall(
  name: string,
  fn: () => Promise<void> | void,
  batch: number,
  between?: () => Promise<void> | void,
): Promise<number> {
  const stats = await measure(
    name,
    async () => {
      for (let i = 0; i < batch; i++) await fn();
    },
    { ...BREAKDOWN_MEASURE, ...(between ? { between } : {}) },
  );
  return (stats.median * 1000) / batch;
}
