import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves after `ms`, or rejects with `signal.reason` as soon as the signal aborts (also when it
 * already has); leaves no timer or listener behind.
 */
export async function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    // Node rejects with its own AbortError (the reason only as its `cause`); callers check the
    // reason they passed to abort(), e.g. to tell a user cancel from a timeout.
    if (signal?.aborted) throw signal.reason as unknown;
    throw error;
  }
}
