import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits `ms`; resolves false at once if `signal` aborts first. Never rejects:
 * the only rejection `node:timers/promises` gives for valid arguments is its
 * AbortError, which is the `false` case. Node clears the timer on abort and
 * removes its abort listener either way, so nothing outlives the wait.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return delay(ms, true, { signal }).catch(() => false);
}
