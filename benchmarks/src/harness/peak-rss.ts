import { writeFileSync } from 'node:fs';

/** Resets the kernel's RSS high-water mark to the current RSS; false where that is unsupported. */
function resetHighWaterMark(): boolean {
  try {
    // Linux >= 4.0: "5" resets only VmHWM (what getrusage reports as maxrss).
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Peak resident set size of the process over one cell, from construction to
 * `peak`. On Linux the kernel's high-water mark is reset at the start, so
 * `process.resourceUsage().maxRSS` at the end is the exact peak over the cell,
 * transients inside a run included, at no cost inside the timed region.
 * Elsewhere maxRSS is the process-lifetime peak, useless per cell, so the peak
 * falls back to RSS sampled after every run: a lower bound that misses spikes
 * within a run. Not a setInterval poller: a run made only of promise
 * continuations never reaches the timers phase, so a poller would still fire
 * only between runs, and its callbacks would land in the timed region.
 */
export class PeakRss {
  readonly before = process.memoryUsage.rss();
  readonly source: 'kernel' | 'sampled' = resetHighWaterMark() ? 'kernel' : 'sampled';
  #sampled = this.before;

  /** Call after each run; a no-op when the kernel tracks the peak. */
  sample(): void {
    if (this.source === 'sampled') this.#sampled = Math.max(this.#sampled, process.memoryUsage.rss());
  }

  /** Peak RSS in bytes since construction (RSS at this moment included). */
  get peak(): number {
    const now = process.memoryUsage.rss();
    return this.source === 'kernel' ? Math.max(now, process.resourceUsage().maxRSS * 1024) : Math.max(this.#sampled, now);
  }
}
