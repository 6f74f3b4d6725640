import type { ColdCell } from './cold-cell.ts';

/** Starts the one stdout line a cold child writes for its parent; anything else it prints is passed through. */
export const REPORT_PREFIX = 'cold-child-report ';

/** What a cold child reports: its cell (or, when priming, how many factories it built), and what went wrong around it. */
export interface ColdChildReport {
  cell?: ColdCell;
  primed?: number;
  /** Sockets and fetches the no-network guard refused (always empty so far). */
  networkAttempts: string[];
  /** Rejections nobody handled: reported, not fatal, as in the warm harness. */
  unhandledRejections: string[];
}
