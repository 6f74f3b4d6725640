import { markdownTable } from '../harness/markdown-table.ts';
import type { HopCounts, HopResult, HopStats } from './measure-hops.ts';

const HEAD = ['row', 'one message in, one answer out', 'median µs', 'p90 µs', 'vs (a)', 'vs (b)'] as const;
const ALIGN = ['l', 'l', 'r', 'r', 'r', 'r'] as const;

const us = (x: number): string => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
const ratio = (x: number, base: number | undefined): string => (base ? `${(x / base).toFixed(2)}x` : '—');

function table(results: readonly HopResult[], pick: (r: HopResult) => HopStats): string {
  const a = results.find((r) => r.id === 'a');
  const b = results.find((r) => r.id === 'b');
  const rows = results.map((r) => {
    const s = pick(r);
    return [r.id, r.label, us(s.median), us(s.p90), ratio(s.median, a && pick(a).median), ratio(s.median, b && pick(b).median)];
  });
  return markdownTable(HEAD, rows, ALIGN);
}

/**
 * The warm and the cold table as Markdown: per row, median and p90 µs per
 * message, and the median's ratio to (a), the agent in-process, and to
 * (b), the protocol with the SDK alone.
 */
export function hopTables(results: readonly HopResult[], counts: HopCounts): string[] {
  return [
    `#### Warm: median and p90 of ${counts.samples} messages per row after ${counts.warmup} warm-up messages, µs per message\n`,
    table(results, (r) => r.warm),
    `\n#### Cold: a fresh client's first message (connect, card fetch, send; (a): a fresh agent and Runner's first run), median and p90 of ${counts.cold} per row, µs\n`,
    table(results, (r) => r.cold),
  ];
}
