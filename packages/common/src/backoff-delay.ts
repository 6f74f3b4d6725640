/** The shape of an exponential backoff; a node's `RetryPolicy` and the OpenAI adapter's retries both use it. */
export interface BackoffPolicy {
  /** Delay before the second attempt, in ms (default 100). */
  initialDelayMs?: number;
  /** What each further delay is multiplied by (default 2). */
  backoff?: number;
  /** The longest delay, in ms (default 30000); it caps a server's Retry-After too. */
  maxDelayMs?: number;
  /** Spread the delays at random, between half the exponential delay and all of it (default true); false: the exact delays. */
  jitter?: boolean;
}

/** What a single retry adds to its policy. */
export interface BackoffInput {
  /** The server's Retry-After, in ms: when given, it is the delay. */
  retryAfterMs?: number | undefined;
  /** A source of numbers in [0, 1) for the jitter (default `Math.random`); tests inject a fixed one. */
  random?: () => number;
}

/**
 * The delay before attempt `attempt + 1`, after attempt `attempt` (1-based)
 * failed: `initialDelayMs · backoff^(attempt-1)`, at most `maxDelayMs`, with
 * jitter unless `jitter: false`.
 *
 * Equal jitter, not full jitter: the delay is d/2 plus a random part of d/2.
 * Full jitter (anything in [0, d]) spreads clients a little more, but may
 * retry at once, which a rate-limited provider answers with another 429; equal
 * jitter keeps every delay at least half the documented one and never above it.
 *
 * A server's Retry-After wins over the computed delay and is used without
 * jitter (the server chose that time), but it is capped at `maxDelayMs` too, so
 * that "come back in an hour" cannot hold a run for an hour: the retry then
 * fails again and the caller sees the error.
 *
 * @example
 * backoffDelay({ jitter: false }, 3); // 400: 100 ms, ×2, ×2
 * backoffDelay({ initialDelayMs: 500 }, 1, { random: () => 0.5 }); // 375: 250 + 0.5 · 250
 * backoffDelay({}, 1, { retryAfterMs: 2000 }); // 2000
 */
export function backoffDelay(policy: BackoffPolicy, attempt: number, input: BackoffInput = {}): number {
  const max = policy.maxDelayMs ?? 30_000;
  const { retryAfterMs } = input;
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return Math.min(retryAfterMs, max);
  const delay = Math.min((policy.initialDelayMs ?? 100) * (policy.backoff ?? 2) ** (attempt - 1), max);
  if (policy.jitter === false) return delay;
  const half = delay / 2;
  return Math.round(half + (input.random ?? Math.random)() * half);
}
