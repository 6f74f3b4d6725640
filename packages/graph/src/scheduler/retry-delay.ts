import type { RetryPolicy } from '../builder/node-options.ts';

/** Exponential backoff: initialDelayMs · backoff^(attempt-1), capped at maxDelayMs. */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  const initial = policy.initialDelayMs ?? 100;
  const delay = initial * (policy.backoff ?? 2) ** (attempt - 1);
  return Math.min(delay, policy.maxDelayMs ?? 30_000);
}
