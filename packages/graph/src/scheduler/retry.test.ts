import { getEventListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { WeftError } from '../errors.ts';
import { retryDelay, sleep } from './retry.ts';

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

describe('retryDelay', () => {
  const exact = { jitter: false } as const;

  it('gives up without a policy, and once maxAttempts (default 3) attempts are spent', () => {
    expect(retryDelay(undefined, new Error('boom'), 1)).toBeUndefined();
    expect([1, 2, 3].map((n) => retryDelay(exact, new Error('boom'), n))).toEqual([100, 200, undefined]);
    expect([1, 2, 3, 4].map((n) => retryDelay({ ...exact, maxAttempts: 4 }, new Error('boom'), n))).toEqual([100, 200, 400, undefined]);
  });

  it('waits the backoff delay: initialDelayMs · backoff^(n-1), capped at maxDelayMs', () => {
    const policy = { ...exact, maxAttempts: 10, initialDelayMs: 50, backoff: 3, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(policy, new Error('boom'), n))).toEqual([50, 150, 450, 1000, 1000]);
  });

  it('does not retry an error marked retryable: false, unless retryOn says so; retryOn decides either way', () => {
    const final = new WeftError('INVALID_ARGUMENT', 'bad input', { retryable: false });
    expect(retryDelay(exact, final, 1)).toBeUndefined();
    expect(retryDelay({ ...exact, retryOn: () => true }, final, 1)).toBe(100);
    const seen: [unknown, number][] = [];
    const retryOn = (err: unknown, n: number) => (seen.push([err, n]), false);
    const err = new Error('boom');
    expect(retryDelay({ ...exact, retryOn }, err, 2)).toBeUndefined();
    expect(seen).toEqual([[err, 2]]);
  });
});
