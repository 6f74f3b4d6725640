import { setTimeout as delay } from 'node:timers/promises';
import { backoffDelay, retryableOf } from '@weft/common';
import { WeftError } from '../errors.ts';
import type { RetryPolicy } from '../spec/node-options.ts';

/**
 * Retry, in one place: whether a failed attempt is tried again and after how
 * long (the node's `retry` policy), the wait itself (cut short when the run
 * aborts), and the per-attempt timeout. `runTask` owns the attempts; this file
 * owns the rules between them.
 */

/**
 * The wait before attempt `n + 1` after attempt `n` failed with `err`, or
 * undefined when the node gives up: no policy, attempts spent (`maxAttempts`,
 * default 3), or the error is not to be retried. The policy's `retryOn`
 * decides when given; otherwise every error is retried except one marked
 * `retryable: false`. The delay is `backoffDelay`'s (exponential, capped, with
 * equal jitter).
 */
export function retryDelay(policy: RetryPolicy | undefined, err: unknown, n: number): number | undefined {
  if (!policy || n >= (policy.maxAttempts ?? 3)) return undefined;
  const again = policy.retryOn ? policy.retryOn(err, n) : retryableOf(err) !== false;
  return again ? backoffDelay(policy, n) : undefined;
}

/**
 * Waits `ms`; resolves false at once if `signal` aborts first. Never rejects:
 * the only rejection `node:timers/promises` gives for valid arguments is its
 * AbortError, which is the `false` case. Node clears the timer on abort and
 * removes its abort listener either way, so nothing outlives the wait.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return delay(ms, true, { signal }).catch(() => false);
}

/**
 * Runs `fn`, aborting `controller` and rejecting with NODE_TIMEOUT after `ms`.
 * The node sees the abort through ctx.signal; a node that ignores it is left
 * behind and its late result is discarded.
 */
export function withTimeout<T>(fn: () => Promise<T>, ms: number, controller: AbortController, path: string[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const err = new WeftError(
        'NODE_TIMEOUT',
        `node "${path.join('/')}" did not finish within ${ms} ms; raise timeoutMs or make the node honour ctx.signal`,
        {
          details: { path, timeoutMs: ms },
        },
      );
      controller.abort(err);
      reject(err);
    }, ms);
    fn().then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}
