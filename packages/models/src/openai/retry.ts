import { abortableDelay } from '../abortable-delay.ts';
import { abortedError, type AttemptFailure } from './http-errors.ts';

export type AttemptResult<T> = { ok: true; value: T } | { ok: false; failure: AttemptFailure };

export interface RetryPolicy {
  maxRetries: number;
  /** Backoff before retry n (1-based) is `retryBaseMs · 2^(n-1)`, no jitter. */
  retryBaseMs: number;
}

/**
 * Runs `attempt(1)`, `attempt(2)`, … until one succeeds, one fails for good, or
 * `maxRetries` retries are spent (then the last failure is thrown). The wait
 * between attempts ends at once, as MODEL_ABORTED, when `signal` aborts.
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
    const { error, retry, retryAfterMs } = result.failure;
    if (!retry || n > policy.maxRetries) throw error;
    try {
      await abortableDelay(retryAfterMs ?? policy.retryBaseMs * 2 ** (n - 1), signal);
    } catch (reason) {
      throw abortedError(reason, n);
    }
  }
}
