import { getEventListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sleep } from './sleep.ts';

/** Which settles first: `p` or a timer far later than `p` should ever take (the timer is cleared either way). */
async function settlesBefore<T>(p: Promise<T>, ms: number): Promise<{ settled: T } | 'timer'> {
  const timer = new AbortController();
  try {
    return await Promise.race([p.then((settled) => ({ settled })), delay(ms, 'timer' as const, { signal: timer.signal })]);
  } finally {
    timer.abort();
  }
}

describe('sleep', () => {
  it('resolves true after the delay and leaves no listener on the signal', async () => {
    const signal = new AbortController().signal;
    const slept = sleep(20, signal);
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    expect(await slept).toBe(true);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('resolves false at once for a signal that is already aborted', async () => {
    const signal = AbortSignal.abort();
    expect(await settlesBefore(sleep(10_000, signal), 5_000)).toEqual({ settled: false });
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('resolves false when the signal aborts mid-wait, long before the delay', async () => {
    const controller = new AbortController();
    const slept = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 5);
    expect(await settlesBefore(slept, 5_000)).toEqual({ settled: false });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
