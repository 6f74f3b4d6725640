import { leakCheck, type LeakCheckOptions } from './leak-check.ts';
import { PeakRss } from './peak-rss.ts';
import { settledHeapUsed } from './settled-heap.ts';
import type { Run } from './types.ts';

/**
 * Memory figures of one (shape, framework) cell. Heap figures are settled
 * `heapUsed` (after forced GCs) and are missing when no GC could be forced.
 */
export interface CellMemory {
  /** Peak RSS of the whole process during the cell (setup to the end of the leak check), MB. */
  peakRssMb: number;
  /** RSS when the cell started; peak minus this is what the cell added on top of earlier cells. */
  rssBeforeMb: number;
  /** 'kernel': exact peak (Linux high-water mark reset per cell); 'sampled': max of RSS read after each run. */
  peakRssSource: 'kernel' | 'sampled';
  /** Settled heap after setup, before the warm-up, MB. */
  heapBeforeMb?: number;
  /** Warm-up + timed runs, and the settled heap change across them (JIT and caches of first runs included), KB. */
  timedRuns: number;
  timedHeapGrowthKb?: number;
  /** Leak check: runs done after the timed samples, the settled heap change across them (KB) and per run (bytes). */
  runs?: number;
  heapGrowthKb?: number;
  bytesPerRun?: number;
  /** Bytes per run over the second half of the leak-check runs only: near 0 when growth stopped (warm-up). */
  lateBytesPerRun?: number;
  suspectedLeak?: boolean;
  /** The leak check failed part way (the timings still stand). */
  error?: string;
}

const MB = 1024 * 1024;
const round = (v: number, digits: number): number => Number(v.toFixed(digits));

/**
 * Follows one cell: construct it before the cell's setup, call `beforeSamples`
 * once setup is done, pass `between(run.reset)` to measure() as its untimed
 * hook, and call `finish` after the cell's last reset. `finish` runs the leak
 * check when `leak.runs` > 0.
 */
export class MemoryProbe {
  readonly #rss = new PeakRss();
  #heapBefore: number | undefined;
  #timedRuns = 0;

  async beforeSamples(): Promise<void> {
    this.#heapBefore = await settledHeapUsed();
  }

  /** measure()'s `between` hook: counts runs, samples RSS, then does the cell's own reset. */
  between(reset: Run['reset']): () => Promise<void> {
    return async () => {
      this.#timedRuns++;
      this.#rss.sample();
      await reset?.();
    };
  }

  async finish(run: Run, leak: LeakCheckOptions): Promise<CellMemory> {
    this.#rss.sample();
    const heap = await this.#heapFigures(run, leak);
    return {
      peakRssMb: round(this.#rss.peak / MB, 1),
      rssBeforeMb: round(this.#rss.before / MB, 1),
      peakRssSource: this.#rss.source,
      timedRuns: this.#timedRuns,
      ...heap,
    };
  }

  async #heapFigures(run: Run, leak: LeakCheckOptions): Promise<Partial<CellMemory>> {
    const before = this.#heapBefore;
    const after = before === undefined ? undefined : await settledHeapUsed();
    if (before === undefined || after === undefined) return {};
    const timed = { heapBeforeMb: round(before / MB, 2), timedHeapGrowthKb: round((after - before) / 1024, 1) };
    if (leak.runs === 0) return timed;
    try {
      const r = await leakCheck(run, after, leak, () => this.#rss.sample());
      return {
        ...timed,
        runs: r.runs,
        heapGrowthKb: round(r.growthBytes / 1024, 1),
        bytesPerRun: Math.round(r.growthBytes / r.runs),
        ...(r.lateGrowthBytes === undefined ? {} : { lateBytesPerRun: Math.round(r.lateGrowthBytes / r.lateRuns) }),
        suspectedLeak: r.suspectedLeak,
      };
    } catch (err) {
      return { ...timed, error: err instanceof Error ? err.message : String(err) };
    }
  }
}
