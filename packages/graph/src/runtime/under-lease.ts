import { type CheckpointStore, type ClaimOptions, LeaseKeeper, processHolder } from '@weft/checkpoint';
import type { CheckpointWriter, WrittenCheckpoint } from '../checkpoint/checkpoint-writer.ts';
import type { CheckpointPolicy } from '../compiler/compile-options.ts';
import { WeftError } from '../errors.ts';
import type { Cursor } from '../scheduler/cursor.ts';
import { claimForRun, DEFAULT_MULTITASK_WAIT_MS, type Multitask } from './multitask.ts';
import type { BudgetLedger } from '../scheduler/budget-ledger.ts';

/** What a run needs before its first step: the cursor, where to write, and what it continues from. */
export interface Prepared {
  cursor: Cursor;
  /** Where the run keeps its checkpoints (the compiled graph's store), if anywhere. */
  store: CheckpointStore | undefined;
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
  /** The run's own choice of which checkpoints to write, over the graph's. */
  checkpoints?: CheckpointPolicy | undefined;
  /** The behaviour patches the thread started with; undefined for a run without a store (it starts with the graph's). */
  patched?: readonly string[] | undefined;
  /** The thread's usage as the run starts, and its effective budget. */
  budget: BudgetLedger;
}

/** Who is claiming, and whether to take a held thread over: the part of run and resume options about the lease. */
export interface LeaseRequest {
  /**
   * A lease on this thread that the caller already holds (`LeaseKeeper.take`):
   * the run uses it instead of claiming, and releases it when it ends.
   */
  lease?: LeaseKeeper;
  /** Names this run in THREAD_BUSY errors others get (default `host:pid (run <runId>)`). */
  holder?: string;
  /** Take the thread even though another holder's lease has not expired: only when that holder is known to be gone. */
  takeOver?: boolean;
}

/** How a new run takes a thread that is being run (see Multitask); a resume always rejects (THREAD_BUSY). */
export interface MultitaskRequest {
  /**
   * What to do when the thread is being run: 'reject' (default), 'enqueue', 'interrupt' or 'rollback'.
   * With `lease`, only 'rollback' is taken: the caller stopped the thread's run to take the lease, and the
   * run starts from the checkpoint the stopped run started from.
   */
  multitask?: Multitask;
  /** How long 'enqueue', 'interrupt' and 'rollback' wait for the thread before THREAD_BUSY (default 600,000 ms). */
  multitaskWaitMs?: number;
}

/**
 * Claims the thread, then prepares the run while holding it: nothing is read
 * from the thread before the claim, so what `prepare` sees cannot be changed
 * by another runner. The lease is released if preparing fails. `prepare`
 * learns whether a run was asked to stop for this one (multitask).
 */
export async function underLease(
  store: CheckpointStore,
  threadId: string,
  runId: string,
  request: LeaseRequest & MultitaskRequest & { signal?: AbortSignal | undefined },
  prepare: (lease: LeaseKeeper, stopped: boolean) => Promise<Prepared>,
): Promise<Prepared> {
  const given = request.lease;
  if (given !== undefined) checkGiven(given, threadId);
  const { multitask } = request;
  const claimed =
    given === undefined && multitask !== undefined && multitask !== 'reject'
      ? await claimForRun(
          store,
          threadId,
          claimOf(request, runId),
          multitask,
          request.multitaskWaitMs ?? DEFAULT_MULTITASK_WAIT_MS,
          request.signal,
        )
      : undefined;
  const lease = given ?? claimed?.lease ?? (await LeaseKeeper.take(store, threadId, claimOf(request, runId)));
  try {
    await given?.confirm();
    // A caller's lease with 'rollback': the caller asked the thread's run to stop before it took the lease.
    return await prepare(lease, claimed?.stopped === true || (given !== undefined && multitask === 'rollback'));
  } catch (err) {
    await lease.release();
    throw err;
  }
}

function claimOf(request: LeaseRequest, runId: string): ClaimOptions {
  const holder = request.holder ?? `${processHolder()} (run ${runId})`;
  return request.takeOver ? { holder, takeOver: true } : { holder };
}

/** A caller's lease, which the run adopts: it must hold this thread (that it is still held, `confirm` asks the store). */
function checkGiven(lease: unknown, threadId: string): void {
  // By shape, not instanceof: a module may bring its own copy of @weft/graph.
  const l = lease as Partial<LeaseKeeper> | null;
  const methods = ['confirm', 'check', 'release'] as const;
  if (l === null || typeof l !== 'object' || !methods.every((m) => typeof l[m] === 'function') || l.lease?.threadId !== threadId)
    throw new WeftError(
      'INVALID_ARGUMENT',
      `lease must be a LeaseKeeper holding thread "${threadId}" (LeaseKeeper.take(store, threadId, { holder }))`,
    );
}
