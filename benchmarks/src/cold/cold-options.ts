import type { FrameworkId, ShapeId } from '../harness/types.ts';
import type { WeftFrom } from '../harness/weft-from.ts';

/** What the cold table measures (`pnpm bench:cold`, or `pnpm bench --cold` after the warm tables). */
export interface ColdOptions {
  /** The warm table's `--quick` sizes. */
  quick: boolean;
  shapes: ShapeId[];
  frameworks: FrameworkId[];
  /** Overrides every selected shape's size; such a run is not recorded. */
  size: number | undefined;
  /** Where Weft's columns load Weft from; `both` gives a row per Weft column per origin. */
  from: WeftFrom;
  /** N: runs whose median and p90 are reported, after the warm-ups. */
  first: number;
  /** W: runs after run #1 that are left out before the N. */
  warmup: number;
}

/** "The first 20 runs after 3 warm-ups"; Weft from dist/, what users run. */
export const COLD_DEFAULTS = { first: 20, warmup: 3, from: 'dist' } as const;
