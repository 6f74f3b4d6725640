import { LEAK_THRESHOLD } from './leak-check.ts';
import type { CellMemory } from './memory-probe.ts';

/** Same width as the time table's framework column, so the two tables line up. */
const COL = 14;
const signed = (v: number, digits = 1): string => `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;
const opt = (v: number | undefined, show: (v: number) => string): string => (v === undefined ? '-' : show(v));
const cols = (parts: readonly (readonly [string, number])[]): string =>
  parts.map(([s, w], i) => (i === 0 ? s.padEnd(w) : s.padStart(w))).join(' ');

const WIDTHS = [COL, 7, 7, 8, 9, 8, 9, 8, 9, 5] as const;
const HEAD = ['framework', 'RSS MB', '+MB', 'heap MB', 'timed KB', 'B/run', 'leak KB', 'B/run', '2nd half', 'runs'];

function row(framework: string, m: CellMemory): string {
  const timedPerRun = m.timedHeapGrowthKb === undefined ? undefined : (m.timedHeapGrowthKb * 1024) / Math.max(1, m.timedRuns);
  const cells = [
    framework,
    m.peakRssMb.toFixed(1),
    signed(m.peakRssMb - m.rssBeforeMb),
    m.heapBeforeMb === undefined ? 'no gc' : m.heapBeforeMb.toFixed(1),
    opt(m.timedHeapGrowthKb, (v) => signed(v)),
    opt(timedPerRun, (v) => signed(v, 0)),
    opt(m.heapGrowthKb, (v) => signed(v)),
    opt(m.bytesPerRun, (v) => signed(v, 0)),
    opt(m.lateBytesPerRun, (v) => signed(v, 0)),
    opt(m.runs, String),
  ];
  const flag = m.suspectedLeak ? '  leak?' : '';
  const err = m.error ? `  leak check failed: ${m.error.split('\n')[0]?.slice(0, 80) ?? ''}` : '';
  return `${cols(cells.map((c, i) => [c, WIDTHS[i] ?? 0] as const))}${flag}${err}`;
}

/**
 * The memory table under a shape's time table, one row per measured cell.
 * Empty string when no cell carries memory figures (older results files).
 */
export function formatMemory(cells: readonly { framework: string; ok: boolean; memory?: CellMemory }[]): string {
  const rows = cells.flatMap((c) => (c.ok && c.memory ? [row(c.framework, c.memory)] : []));
  if (rows.length === 0) return '';
  const mb = LEAK_THRESHOLD.totalBytes / (1024 * 1024);
  const kb = LEAK_THRESHOLD.bytesPerRun / 1024;
  return [
    `   memory: RSS MB = process peak during the cell, +MB over the RSS at its start; heap MB = heapUsed after forced GCs, before the samples;`,
    `   heap Δ across warm-up + samples (timed) and across \`runs\` more runs (leak; 2nd half = B/run over their last half);`,
    `   leak? = leak Δ > ${mb} MB and > ${kb} KB/run, and the 2nd half alone > ${mb / 2} MB and > ${kb} KB/run`,
    cols(HEAD.map((h, i) => [h, WIDTHS[i] ?? 0] as const)),
    ...rows,
  ].join('\n');
}
