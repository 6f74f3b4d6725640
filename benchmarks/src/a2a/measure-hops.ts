import { percentile } from '../harness/percentile.ts';
import type { Hop, HopRow } from './hop-rows.ts';

/** How many hops each row gets. */
export interface HopCounts {
  /** Warm-up hops per row, not recorded. */
  warmup: number;
  /** Recorded warm hops per row. */
  samples: number;
  /** Cold hops per row: one fresh client (or agent) each. */
  cold: number;
}

/** Median and p90 (nearest rank) of one row's hops, µs. */
export interface HopStats {
  median: number;
  p90: number;
  n: number;
}

export interface HopResult {
  id: string;
  label: string;
  warm: HopStats;
  cold: HopStats;
}

const statsOf = (times: number[]): HopStats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p90: percentile(sorted, 90), n: sorted.length };
};

async function timed(hop: Hop): Promise<number> {
  const t0 = process.hrtime.bigint();
  await hop();
  return Number(process.hrtime.bigint() - t0) / 1e3;
}

/**
 * Times every row's hops. The rows take turns hop by hop (a, b, c, …, a,
 * b, …), so a slower minute on a shared machine lands on every row alike
 * and the ratios come from the same stretch of time. Warm first: each row's
 * hop prepared once, `warmup` rounds unrecorded, then `samples` recorded.
 * Then cold: `cold` rounds, each row getting a fresh server (untimed) and a
 * timed fresh client's first message; by then the code is compiled, so cold
 * means a new client in a running process, not a new process.
 */
export async function measureHops(rows: readonly HopRow[], counts: HopCounts, progress: (line: string) => void): Promise<HopResult[]> {
  const hops: Hop[] = [];
  for (const row of rows) hops.push(await row.warm());
  const warm = rows.map(() => [] as number[]);
  progress(`warm: ${counts.warmup} warm-up + ${counts.samples} recorded messages per row, the rows taking turns`);
  for (let i = 0; i < counts.warmup + counts.samples; i++)
    for (const [r, hop] of hops.entries()) {
      const us = await timed(hop);
      if (i >= counts.warmup) warm[r]!.push(us);
    }
  progress(`cold: ${counts.cold} fresh clients per row, each against a server it has not connected to`);
  const cold = rows.map(() => [] as number[]);
  for (let i = 0; i < counts.cold; i++) for (const [r, row] of rows.entries()) cold[r]!.push(await timed(await row.cold()));
  return rows.map((row, r) => ({ id: row.id, label: row.label, warm: statsOf(warm[r]!), cold: statsOf(cold[r]!) }));
}
