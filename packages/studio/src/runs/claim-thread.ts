import { DEFAULT_MULTITASK_WAIT_MS, LeaseKeeper, WeftError, waitForThread, type CheckpointStore, type Multitask } from '@weft/graph';

/** The thread's lease for a studio run, and whether a run was asked to stop for it. */
export interface StudioClaim {
  lease: LeaseKeeper;
  stopped: boolean;
}

/**
 * Takes a thread's lease as a run request's `multitask` says: 'reject' at
 * once (THREAD_BUSY); 'enqueue' once the run under way let go; 'interrupt'
 * and 'rollback' after asking that run to stop at its next step boundary (in
 * this process at once, in another through the store's stop request). The
 * lease stays the only way in: a request that loses the claim to a quicker
 * one waits again, until DEFAULT_MULTITASK_WAIT_MS (then THREAD_BUSY).
 */
export async function claimThread(store: CheckpointStore, threadId: string, holder: string, multitask: Multitask): Promise<StudioClaim> {
  if (multitask === 'reject') return { lease: await LeaseKeeper.take(store, threadId, { holder }), stopped: false };
  const deadline = Date.now() + DEFAULT_MULTITASK_WAIT_MS;
  let stopped = false;
  for (;;) {
    try {
      return { lease: await LeaseKeeper.take(store, threadId, { holder }), stopped };
    } catch (err) {
      if ((err as { code?: unknown } | null)?.code !== 'THREAD_BUSY') throw err;
      if (multitask !== 'enqueue') {
        const by = { by: holder, reason: `a new input arrived for the thread (${multitask})` };
        if (await LeaseKeeper.requestStop(store, threadId, by)) stopped = true;
      }
      if (!(await waitForThread(store, threadId, deadline)))
        throw new WeftError('THREAD_BUSY', `${(err as Error).message} (waited ${DEFAULT_MULTITASK_WAIT_MS} ms for it)`, {
          details: (err as WeftError).details,
        });
    }
  }
}
