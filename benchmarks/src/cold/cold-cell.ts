import type { FrameworkId } from '../harness/types.ts';
import type { WeftCopy } from '../harness/weft-from.ts';

/**
 * One (shape, framework) measured in a process of its own that had loaded
 * nothing of the framework before. Times are wall times inside that process:
 *
 * - `startMs`: from the process's start to just before the framework's
 *   import (Node, the loader hooks if any, the harness's own modules); the
 *   same work for every framework of one origin, not part of the rest;
 * - `importMs`: importing the framework's harness module and its packages;
 * - `setupMs`: the factory call (building and compiling the graph or agents);
 * - `firstRunMs`: run #1; `firstRunUs` is the same per step;
 * - `firstN`: runs 2 + W … 1 + W + N (after W warm-ups), µs per step.
 *
 * `from` is where Weft was loaded, on Weft's columns only. A failed cell
 * carries the error; one the framework cannot express, `notApplicable`.
 */
export type ColdCell =
  | {
      framework: FrameworkId;
      from?: WeftCopy;
      ok: true;
      startMs: number;
      importMs: number;
      setupMs: number;
      firstRunMs: number;
      firstRunUs: number;
      firstN: { median: number; p90: number };
      /** Set when the framework composed the shape in user code (as in the warm tables). */
      note?: string;
    }
  | { framework: FrameworkId; from?: WeftCopy; ok: false; error: string; notApplicable?: true };

/** What a results file's `cold` entries hold, for its `units` key. */
export const COLD_UNITS =
  'per process: startMs/importMs/setupMs/firstRunMs in milliseconds (process start to the import; the framework import; the factory call; run #1); ' +
  'firstRunUs and firstN.median/p90 in microseconds per step (run #1; runs 2+W..1+W+N); from: where Weft was loaded (Weft columns only)';
