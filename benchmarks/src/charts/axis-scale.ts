import { formatTick } from './format-tick.ts';

export type ScaleKind = 'linear' | 'log';

/** A gridline position; only labelled ticks get a number printed next to them. */
export interface Tick {
  value: number;
  label?: string;
}

export interface AxisScale {
  kind: ScaleKind;
  /** Domain ends (data range plus a little padding, or rounded to whole ticks). */
  min: number;
  max: number;
  ticks: Tick[];
  /** Maps a data value to a position between `from` (at min) and `to` (at max). */
  map: (v: number, from: number, to: number) => number;
}

// Rounding noise from repeated multiplication (0.30000000000000004) would
// leak into labels and make two renders of the same data differ in text.
const clean = (v: number): number => Number(v.toPrecision(12));

function decadeTicks(min: number, max: number, labelled: readonly number[], minor: readonly number[]): Tick[] {
  const ticks: Tick[] = [];
  for (let k = Math.floor(Math.log10(min)); k <= Math.ceil(Math.log10(max)); k++) {
    for (const m of [...labelled, ...minor].sort((a, b) => a - b)) {
      const value = clean(m * 10 ** k);
      if (value < min || value > max) continue;
      ticks.push(labelled.includes(m) ? { value, label: formatTick(value) } : { value });
    }
  }
  return ticks;
}

function logScale(lo: number, hi: number): AxisScale {
  if (lo === hi) [lo, hi] = [lo / 2, hi * 2];
  // A few percent of the range on each side so markers do not sit on the frame.
  const pad = (hi / lo) ** 0.04;
  const min = lo / pad;
  const max = hi * pad;
  const decades = Math.log10(max / min);
  // Up to ~2.5 decades there is room to label 1-2-5; beyond that only decades,
  // with unlabelled 2 and 5 gridlines to keep the scale readable. A range too
  // narrow for two 1-2-5 labels gets every integer mantissa.
  let ticks = decades <= 2.5 ? decadeTicks(min, max, [1, 2, 5], []) : decadeTicks(min, max, [1], [2, 5]);
  if (ticks.filter((t) => t.label).length < 2) ticks = decadeTicks(min, max, [1, 2, 3, 4, 5, 6, 7, 8, 9], []);
  const map = (v: number, from: number, to: number): number => from + ((Math.log10(v) - Math.log10(min)) / decades) * (to - from);
  return { kind: 'log', min, max, ticks, map };
}

function linearScale(lo: number, hi: number): AxisScale {
  // Costs and byte counts start at zero; an axis that starts elsewhere exaggerates differences.
  if (lo >= 0) lo = 0;
  if (lo === hi) hi = lo + 1;
  const raw = (hi - lo) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const min = clean(Math.floor(lo / step) * step);
  const max = clean(Math.ceil(hi / step) * step);
  const ticks: Tick[] = [];
  for (let i = 0; clean(min + i * step) <= max; i++) {
    const value = clean(min + i * step);
    ticks.push({ value, label: formatTick(value) });
  }
  const map = (v: number, from: number, to: number): number => from + ((v - min) / (max - min)) * (to - from);
  return { kind: 'linear', min, max, ticks, map };
}

/**
 * Builds an axis for `values`. `auto` picks log when every value is positive
 * and they span at least a decade, because then a linear axis squashes all
 * but the largest series into the bottom few pixels.
 */
export function axisScale(values: readonly number[], kind: ScaleKind | 'auto' = 'auto'): AxisScale {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return linearScale(0, 1);
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  const useLog = kind === 'log' || (kind === 'auto' && lo > 0 && hi / lo >= 10);
  if (useLog && lo > 0) return logScale(lo, hi);
  return linearScale(lo, hi);
}
