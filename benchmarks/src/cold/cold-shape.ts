import type { ShapeId } from '../harness/types.ts';
import type { ColdCell } from './cold-cell.ts';

/** One shape of the cold table: a fresh process per cell, at the warm table's size. */
export interface ColdShape {
  shape: ShapeId;
  title: string;
  size: number;
  steps: number;
  /** N and W: `firstN` is the median and p90 of N runs after W warm-ups, following run #1. */
  first: number;
  warmup: number;
  cells: ColdCell[];
  /** When it was measured (set when it is recorded in the day's results file). */
  measuredAt?: string;
}
