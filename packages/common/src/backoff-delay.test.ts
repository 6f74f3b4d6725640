import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay } from './index.ts';

afterEach(() => void vi.restoreAllMocks());

const attempts = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('backoffDelay', () => {
  it('with jitter off: initialDelayMs · backoff^(attempt-1), capped at maxDelayMs; defaults 100 ms, ×2, 30 s', () => {
    expect(attempts(10).map((n) => backoffDelay({ jitter: false }, n))).toEqual([
      100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 30_000,
    ]);
    const policy = { initialDelayMs: 1000, backoff: 3, maxDelayMs: 5000, jitter: false };
    expect(attempts(4).map((n) => backoffDelay(policy, n))).toEqual([1000, 3000, 5000, 5000]);
    expect(attempts(3).map((n) => backoffDelay({ initialDelayMs: 250, backoff: 1, jitter: false }, n))).toEqual([250, 250, 250]);
    expect(backoffDelay({ initialDelayMs: 0, jitter: false }, 4)).toBe(0);
  });

  it('with jitter on (the default): equal jitter, between half the computed delay and all of it', () => {
    const at = (random: number) => attempts(4).map((n) => backoffDelay({}, n, { random: () => random }));
    expect(at(0)).toEqual([50, 100, 200, 400]);
    expect(at(0.5)).toEqual([75, 150, 300, 600]);
    expect(at(0.999_999)).toEqual([100, 200, 400, 800]);
    // Jitter applies after the cap: never above maxDelayMs, never below half of it.
    expect(backoffDelay({ maxDelayMs: 1000 }, 20, { random: () => 0 })).toBe(500);
  });

  it('with jitter on, every delay lies in [d/2, d] for any random value in [0, 1)', () => {
    const policy = fc.record({
      initialDelayMs: fc.integer({ min: 0, max: 10_000 }),
      backoff: fc.double({ min: 1, max: 4, noNaN: true }),
      maxDelayMs: fc.integer({ min: 0, max: 120_000 }),
    });
    const random = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
    fc.assert(
      fc.property(policy, fc.integer({ min: 1, max: 40 }), random, (p, n, r) => {
        const d = backoffDelay({ ...p, jitter: false }, n);
        const jittered = backoffDelay(p, n, { random: () => r });
        return jittered >= Math.floor(d / 2) && jittered <= Math.ceil(d);
      }),
    );
  });

  it('uses Math.random when no random source is given', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(backoffDelay({ initialDelayMs: 1000 }, 2)).toBe(1500);
    expect(Math.random).toHaveBeenCalledTimes(1);
  });

  it("a server's Retry-After wins over the computed delay, without jitter, capped at maxDelayMs", () => {
    const random = () => 0;
    expect(backoffDelay({}, 1, { retryAfterMs: 2500, random })).toBe(2500);
    expect(backoffDelay({ jitter: false }, 5, { retryAfterMs: 0 })).toBe(0);
    expect(backoffDelay({}, 1, { retryAfterMs: 120_000, random })).toBe(30_000);
    expect(backoffDelay({ maxDelayMs: 10_000 }, 1, { retryAfterMs: 60_000, random })).toBe(10_000);
    // An absent or unusable Retry-After leaves the computed delay.
    expect(backoffDelay({ jitter: false }, 2, { retryAfterMs: undefined })).toBe(200);
    expect(backoffDelay({ jitter: false }, 2, { retryAfterMs: Number.NaN })).toBe(200);
    expect(backoffDelay({ jitter: false }, 2, { retryAfterMs: -1 })).toBe(200);
  });
});
