import { percentile } from '../harness/percentile.ts';

/** Median and 95th percentile of `n` timed calls, in milliseconds. */
export interface Latency {
  p50: number;
  p95: number;
  n: number;
}

/** Awaits `call(i)` for i = 0 … n-1, one at a time, timing each (after `warmup` untimed calls with negative i). */
export async function latency(n: number, call: (i: number) => Promise<unknown>, warmup = 5): Promise<Latency> {
  for (let i = -warmup; i < 0; i++) await call(i);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await call(i);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), n };
}

/** `p50 / p95` with a precision that suits the magnitude. */
export function formatLatency(l: Latency): string {
  return `${formatMs(l.p50)} / ${formatMs(l.p95)}`;
}

function formatMs(ms: number): string {
  return ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0);
}
