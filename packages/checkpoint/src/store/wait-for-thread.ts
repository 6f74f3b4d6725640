import type { CheckpointStore } from './checkpoint-store.ts';
import { LeaseKeeper } from './lease-keeper.ts';

/**
 * How often a thread held in another process is looked at while waiting for
 * it: its release is seen at most this late (one indexed read each time).
 */
export const FREE_POLL_MS = 100;

/**
 * Waits until nobody holds the thread, or until `deadline` (ms since the
 * epoch, this process's clock) or `signal` aborts; resolves to whether it
 * became free. A holder
 * in this process is awaited directly (no polling); one elsewhere is looked
 * for every FREE_POLL_MS. Free is a moment, not a claim: take the lease
 * (`LeaseKeeper.take`) next, and wait again if someone was quicker.
 *
 * @example
 * if (await waitForThread(store, 't1', Date.now() + 30_000)) lease = await LeaseKeeper.take(store, 't1', { holder: 'me' });
 */
export async function waitForThread(store: CheckpointStore, threadId: string, deadline: number, signal?: AbortSignal): Promise<boolean> {
  for (;;) {
    if (signal?.aborted) return false;
    const here = LeaseKeeper.heldHere(store, threadId);
    if (here) {
      if (!(await settlesBy(here.ended(), deadline, signal))) return false;
      continue;
    }
    if (!(await store.threadLease(threadId))) return true;
    if (deadline - Date.now() <= 0) return false;
    await settlesBy(undefined, Math.min(deadline, Date.now() + FREE_POLL_MS), signal);
  }
}

/** Whether `p` settled before the deadline and the signal; the timer and the listener are removed either way. */
async function settlesBy(p: Promise<void> | undefined, deadline: number, signal: AbortSignal | undefined): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop: (() => void) | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    stop = () => resolve(false);
    signal?.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race(p ? [p.then(() => true as const), late] : [late]);
  } finally {
    clearTimeout(timer);
    if (stop) signal?.removeEventListener('abort', stop);
  }
}
