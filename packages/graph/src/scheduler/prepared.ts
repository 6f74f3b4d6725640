import type { CheckpointWriter, WrittenCheckpoint } from '../checkpoint/checkpoint-writer.ts';
import type { CheckpointStore } from '../checkpoint/checkpoint-store.ts';
import { LeaseKeeper } from '../checkpoint/lease-keeper.ts';
import { processHolder } from '../checkpoint/thread-lease.ts';
import type { Cursor } from './cursor.ts';

/** What a run needs before its first step: the cursor, where to write, and what it continues from. */
export interface Prepared {
  cursor: Cursor;
  writer: CheckpointWriter | undefined;
  /** The checkpoint written before the first step (input, resume or fork). */
  initial: WrittenCheckpoint | undefined;
  threadId: string | undefined;
  context: Record<string, unknown>;
  resumeValues: ReadonlyMap<string, unknown>;
  resumedFrom: string | undefined;
  input: unknown;
  /** The thread's lease, held from before the head was read until the run ends (runs with a store). */
  lease: LeaseKeeper | undefined;
}

/** Who is claiming, and whether to take a held thread over: the part of run and resume options about the lease. */
export interface LeaseRequest {
  /** Names this run in THREAD_BUSY errors others get (default `host:pid (run <runId>)`). */
  holder?: string;
  /** Take the thread even though another holder's lease has not expired: only when that holder is known to be gone. */
  takeOver?: boolean;
}

/**
 * Claims the thread, then prepares the run while holding it: nothing is read
 * from the thread before the claim, so what `prepare` sees cannot be changed
 * by another runner. The lease is released if preparing fails.
 */
export async function underLease(
  store: CheckpointStore,
  threadId: string,
  runId: string,
  request: LeaseRequest,
  prepare: (lease: LeaseKeeper) => Promise<Prepared>,
): Promise<Prepared> {
  const holder = request.holder ?? `${processHolder()} (run ${runId})`;
  const lease = await LeaseKeeper.take(store, threadId, { holder, ...(request.takeOver ? { takeOver: true } : {}) });
  try {
    return await prepare(lease);
  } catch (err) {
    await lease.release();
    throw err;
  }
}
