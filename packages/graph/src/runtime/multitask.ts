import { type CheckpointStore, type ClaimOptions, LeaseKeeper, waitForThread } from '@weft/checkpoint';
import { WeftError } from '../errors.ts';

/**
 * What a run does when its thread is already being run (a user wrote while a
 * run is going):
 * - `'reject'` (default): THREAD_BUSY at once.
 * - `'enqueue'`: waits until the current run releases the thread, then runs
 *   (first come, first served among the waiting runs of this process).
 * - `'interrupt'`: asks the current run to stop at its next step boundary
 *   (it ends with RUN_STOPPED, its checkpoints stay), then runs from the
 *   thread's latest state, the stopped run's.
 * - `'rollback'`: the same, but runs from the checkpoint the stopped run
 *   started from; the stopped run's checkpoints stay as a branch.
 */
export type Multitask = 'reject' | 'enqueue' | 'interrupt' | 'rollback';

const MULTITASKS: readonly Multitask[] = ['reject', 'enqueue', 'interrupt', 'rollback'];

/** How long a run waits for its thread by default (`multitaskWaitMs`): a running thread's whole run for 'enqueue'. */
export const DEFAULT_MULTITASK_WAIT_MS = 600_000;

/** What `claimForRun` got: the lease, and whether a run was asked to stop for it. */
export interface RunClaim {
  lease: LeaseKeeper;
  /** Another run held the thread and was asked to stop ('interrupt', 'rollback'). */
  stopped: boolean;
}

/** The runs of this process waiting for a thread with 'enqueue', by store and thread: each waits for the one before. */
const queues = new WeakMap<CheckpointStore, Map<string, Promise<unknown>>>();

/**
 * Takes the thread's lease as `multitask` says. Whatever the strategy, the
 * lease stays the only way in: a run that waited still claims, and one that
 * loses the claim to someone quicker waits again, until `waitMs` is up
 * (THREAD_BUSY, naming the holder).
 */
export function claimForRun(
  store: CheckpointStore,
  threadId: string,
  claim: ClaimOptions,
  multitask: Multitask,
  waitMs: number,
  signal?: AbortSignal,
): Promise<RunClaim> {
  if (multitask === 'reject') return LeaseKeeper.take(store, threadId, claim).then((lease) => ({ lease, stopped: false }));
  const deadline = Date.now() + waitMs;
  const wait = { deadline, waitMs, signal };
  if (multitask !== 'enqueue') return claimStopping(store, threadId, claim, wait);
  let here = queues.get(store);
  if (!here) queues.set(store, (here = new Map()));
  const before = here.get(threadId) ?? Promise.resolve();
  const mine = before.then(() => claimWaiting(store, threadId, claim, wait));
  // The next waiter's turn comes when this one has claimed (or given up): it then waits for this one's run to end.
  const turn = mine.then(
    () => undefined,
    () => undefined,
  );
  here.set(threadId, turn);
  void turn.then(() => {
    if (here.get(threadId) === turn) here.delete(threadId);
  });
  return mine;
}

/** How long a claim may wait, and the run's signal (aborting it ends the wait). */
interface Wait {
  deadline: number;
  waitMs: number;
  signal: AbortSignal | undefined;
}

/** 'enqueue': claims as soon as the thread is free. */
async function claimWaiting(store: CheckpointStore, threadId: string, claim: ClaimOptions, wait: Wait): Promise<RunClaim> {
  for (;;) {
    const busy = await tryTake(store, threadId, claim);
    if (busy instanceof LeaseKeeper) return { lease: busy, stopped: false };
    await waitFree(store, threadId, busy, wait);
  }
}

/** Waits for the thread to be free; THREAD_BUSY past the deadline, RUN_ABORTED when the run's signal aborts first. */
async function waitFree(store: CheckpointStore, threadId: string, busy: WeftError, { deadline, waitMs, signal }: Wait): Promise<void> {
  if (await waitForThread(store, threadId, deadline, signal)) return;
  if (signal?.aborted)
    throw new WeftError('RUN_ABORTED', `the run was cancelled (its signal) while it waited for thread "${threadId}"; nothing of it ran`, {
      details: { threadId },
    });
  throw waitedTooLong(busy, waitMs);
}

/** 'interrupt' and 'rollback': asks the holder to stop, waits for it to let go, and claims. */
async function claimStopping(store: CheckpointStore, threadId: string, claim: ClaimOptions, wait: Wait): Promise<RunClaim> {
  let stopped = false;
  for (;;) {
    const busy = await tryTake(store, threadId, claim);
    if (busy instanceof LeaseKeeper) return { lease: busy, stopped };
    const here = LeaseKeeper.heldHere(store, threadId);
    if (!here && !store.requestStop) throw cannotReach(busy);
    const marked = await LeaseKeeper.requestStop(store, threadId, {
      by: claim.holder,
      reason: 'a new input arrived for the thread',
    });
    // Nobody held it by the time of the request: the holder let go in between, so the claim is tried again.
    if (marked) stopped = true;
    await waitFree(store, threadId, busy, wait);
  }
}

/** The lease, or the THREAD_BUSY refusal; any other failure is thrown. */
async function tryTake(store: CheckpointStore, threadId: string, claim: ClaimOptions): Promise<LeaseKeeper | WeftError> {
  try {
    return await LeaseKeeper.take(store, threadId, claim);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== 'THREAD_BUSY') throw err;
    return err as WeftError;
  }
}

function waitedTooLong(busy: WeftError, waitMs: number): WeftError {
  return new WeftError('THREAD_BUSY', `${busy.message} (waited ${waitMs} ms for it: multitaskWaitMs)`, {
    details: { ...(busy.details ?? {}), waitedMs: waitMs },
  });
}

function cannotReach(busy: WeftError): WeftError {
  return new WeftError(
    'THREAD_BUSY',
    `${busy.message}; its holder is not in this process and the store cannot carry a stop request (it has no requestStop): use multitask 'enqueue', or a store with stop requests (MemoryStore, SqliteStore, PostgresStore)`,
    { details: busy.details },
  );
}

/** What is wrong with a run's multitask options, if anything. */
export function multitaskProblem(o: {
  multitask?: unknown;
  multitaskWaitMs?: unknown;
  lease?: unknown;
  takeOver?: unknown;
}): string | undefined {
  const { multitask, multitaskWaitMs } = o;
  if (multitask !== undefined && !MULTITASKS.includes(multitask as Multitask))
    return `multitask must be one of ${MULTITASKS.map((m) => `'${m}'`).join(', ')}, got ${JSON.stringify(multitask)}`;
  if (
    multitaskWaitMs !== undefined &&
    (typeof multitaskWaitMs !== 'number' || !Number.isSafeInteger(multitaskWaitMs) || multitaskWaitMs < 1)
  )
    return `multitaskWaitMs must be a positive integer (milliseconds), got ${String(multitaskWaitMs)}`;
  if (multitask === undefined || multitask === 'reject') return undefined;
  // With a lease, 'rollback' says the caller stopped the thread's run to take it (a queue worker does): the run
  // starts where the stopped run started. 'enqueue' and 'interrupt' have nothing left to do once the thread is held.
  if (o.lease !== undefined && multitask !== 'rollback')
    return `multitask '${String(multitask)}' with a lease: the caller already holds the thread; pass one or the other`;
  if (o.takeOver === true)
    return `multitask '${String(multitask)}' with takeOver: takeOver already takes a held thread; pass one or the other`;
  return undefined;
}
