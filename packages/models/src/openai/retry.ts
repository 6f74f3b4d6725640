import { backoffDelay } from '@weft/common';
import { abortableDelay } from '../abortable-delay.ts';
import { abortedError, type AttemptFailure } from './http-errors.ts';

export type AttemptResult<T> = { ok: true; value: T } | { ok: false; failure: AttemptFailure };

export interface RetryPolicy {
  maxRetries: number;
  /** The backoff before retry n (1-based) is about `retryBaseMs · 2^(n-1)`, see `backoffDelay`. */
  retryBaseMs: number;
}

/**
 * Runs `attempt(1)`, `attempt(2)`, … until one succeeds, one fails with an
 * error not marked `retryable: true` (for good), or `maxRetries` retries are
 * spent (then the last failure is thrown). Between attempts it waits as
 * `@weft/common`'s `backoffDelay` says: from `retryBaseMs`, doubling, at most
 * 30 s, with equal jitter, or the server's Retry-After (capped at 30 s). The
 * wait ends at once, as MODEL_ABORTED, when `signal` aborts.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<AttemptResult<T>>,
  policy: RetryPolicy,
  signal: AbortSignal,
): Promise<T> {
  for (let n = 1; ; n++) {
    if (signal.aborted) throw abortedError(signal.reason, n);
    const result = await attempt(n);
    if (result.ok) return result.value;
    const { error, retryAfterMs } = result.failure;
    if (error.retryable !== true || n > policy.maxRetries) throw error;
    try {
      await abortableDelay(backoffDelay({ initialDelayMs: policy.retryBaseMs }, n, { retryAfterMs }), signal);
    } catch (reason) {
      throw abortedError(reason, n);
    }
  }
}
