import type { CheckpointStore } from './checkpoint-store.ts';
import { LeaseKeeper } from './lease-keeper.ts';

/**
 * How often a thread held in another process is looked at while waiting for
 * it: its release is seen at most this late (one indexed read each time).
 */
export const FREE_POLL_MS = 100;

/**
 * Waits until nobody holds the thread, or until `deadline` (ms since the
 * epoch, this process's clock); resolves to whether it became free. A holder
 * in this process is awaited directly (no polling); one elsewhere is looked
 * for every FREE_POLL_MS. Free is a moment, not a claim: take the lease
 * (`LeaseKeeper.take`) next, and wait again if someone was quicker.
 *
 * @example
 * if (await waitForThread(store, 't1', Date.now() + 30_000)) lease = await LeaseKeeper.take(store, 't1', { holder: 'me' });
 */
export async function waitForThread(store: CheckpointStore, threadId: string, deadline: number): Promise<boolean> {
  for (;;) {
    const here = LeaseKeeper.heldHere(store, threadId);
    if (here) {
      if (!(await settlesBy(here.ended(), deadline))) return false;
      continue;
    }
    if (!(await store.threadLease(threadId))) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(FREE_POLL_MS, left)));
  }
}

/** Whether `p` settled before the deadline; the timer is cleared either way. */
async function settlesBy(p: Promise<void>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([p.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
