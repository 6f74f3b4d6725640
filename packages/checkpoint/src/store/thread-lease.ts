import { hostname } from 'node:os';
import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import { checkThreadId } from './check-thread-id.ts';

/**
 * Who may run a thread right now. Every run, resume and prune takes the
 * thread's lease in the store before it reads the head or runs a node, renews
 * it while it works and releases it at the end; anyone else is refused with
 * THREAD_BUSY until then, or until the lease expires because its holder
 * stopped renewing (it crashed, or lost its machine).
 */
export interface ThreadLease {
  threadId: string;
  /** Who holds it, for people: `host:pid` and what it is doing. */
  holder: string;
  /** Unique to this claim: renewing and releasing present it. */
  token: string;
  /** When it was claimed, in ms since the epoch, by the store's clock. */
  since: number;
  /** When it lapses unless renewed, by the store's clock. */
  expiresAt: number;
  /** How long each claim or renewal lasts; holders renew well before it runs out. */
  ttlMs: number;
  /**
   * Someone asked the holder to stop (`requestStop`): it stops at its next
   * step boundary and releases the thread. A new claim clears it.
   */
  stopRequested?: StopRequest;
}

/** Who asked a thread's holder to stop, why, and when (ms since the epoch, by the store's clock). */
export interface StopRequest {
  by: string;
  reason: string;
  at: number;
}

/** What `requestStop` takes: who asks (for people and the stopped run's error) and why. */
export interface StopRequestOptions {
  by: string;
  reason: string;
}

export interface ClaimOptions {
  /** Names the claimant in THREAD_BUSY errors and in `threadLease()`. */
  holder: string;
  /** How long the lease lasts before it must be renewed (default: the store's lease time). */
  ttlMs?: number;
  /**
   * Take the lease even though someone holds it and it has not expired: for
   * an operator who knows the holder is gone. The old holder's renewals then
   * fail, and its next checkpoint write is refused.
   */
  takeOver?: boolean;
}

/** A store's lease time when it is not configured: short, so a crashed holder's thread is free again soon. */
export const DEFAULT_LEASE_TTL_MS = 15_000;

let holder: string | undefined;

/** `host:pid`, the default name of a holder. Asked of the system once: it cost 4.5% of an interrupt + resume. */
export function processHolder(): string {
  return (holder ??= `${hostname()}:${process.pid}`);
}

/** The refusal every store gives while someone else holds the thread. */
export function threadBusy(held: ThreadLease): WeftError<CheckpointErrorCode> {
  const since = new Date(held.since).toISOString();
  const until = new Date(held.expiresAt).toISOString();
  return new WeftError<CheckpointErrorCode>(
    'THREAD_BUSY',
    `thread "${held.threadId}" is being run by ${held.holder} since ${since} (its lease runs until ${until} unless renewed); wait for that run to end, or take the thread over (takeOver: true, weft resume --take-over) only if that holder is gone`,
    { details: { threadId: held.threadId, holder: held.holder, since: held.since, expiresAt: held.expiresAt } },
  );
}

/** A renewal by a holder that no longer has the lease. */
export function leaseLost(lease: ThreadLease, now?: ThreadLease): WeftError<CheckpointErrorCode> {
  const by = now ? `; ${now.holder} holds it since ${new Date(now.since).toISOString()}` : '';
  return new WeftError<CheckpointErrorCode>(
    'LEASE_LOST',
    `the lease of ${lease.holder} on thread "${lease.threadId}" is gone (it expired or was taken over${by}); this run stops before its next checkpoint, and the thread continues from its last checkpoint with whoever holds it now`,
    { details: { threadId: lease.threadId, holder: lease.holder, current: now?.holder } },
  );
}

/** Checks a claim's arguments; stores call it first so every store refuses the same bad input. */
export function checkClaim(threadId: unknown, options: unknown): asserts options is ClaimOptions {
  const bad = (msg: string) => new WeftError<CheckpointErrorCode>('INVALID_ARGUMENT', `claimThread(): ${msg}`);
  checkThreadId(threadId, 'claimThread()');
  if (options === null || typeof options !== 'object') throw bad('pass { holder }');
  const { holder, ttlMs, takeOver } = options as Partial<ClaimOptions>;
  if (typeof holder !== 'string' || holder === '' || holder.includes('\0') || /\p{Cs}/u.test(holder))
    throw bad('holder must be a non-empty string without NUL characters or lone surrogates (every store must be able to keep it)');
  if (ttlMs !== undefined && (!Number.isSafeInteger(ttlMs) || ttlMs < 1)) throw bad('ttlMs must be a positive integer');
  if (takeOver !== undefined && typeof takeOver !== 'boolean') throw bad('takeOver must be a boolean');
}

/**
 * Checks a stop request's arguments; stores call it first so every store refuses the same bad input.
 *
 * @example
 * checkStopRequest(threadId, request, 'MyStore.requestStop()'); // INVALID_ARGUMENT when `by` is empty
 */
export function checkStopRequest(threadId: unknown, request: unknown, where: string): asserts request is StopRequestOptions {
  const bad = (msg: string) => new WeftError<CheckpointErrorCode>('INVALID_ARGUMENT', `${where}: ${msg}`);
  checkThreadId(threadId, where);
  if (request === null || typeof request !== 'object') throw bad('pass { by, reason }');
  const { by, reason } = request as Partial<StopRequestOptions>;
  // The same rule as a holder's name: every store must be able to keep both.
  const keepable = (v: unknown): v is string => typeof v === 'string' && !v.includes('\0') && !/\p{Cs}/u.test(v);
  if (!keepable(by) || by === '') throw bad('by must be a non-empty string without NUL characters or lone surrogates');
  if (!keepable(reason)) throw bad('reason must be a string without NUL characters or lone surrogates');
}

/** Checks a store's configured lease time. */
export function checkLeaseTtl(ttlMs: unknown, where: string): number {
  if (ttlMs === undefined) return DEFAULT_LEASE_TTL_MS;
  if (typeof ttlMs !== 'number' || !Number.isSafeInteger(ttlMs) || ttlMs < 1)
    throw new WeftError<CheckpointErrorCode>(
      'INVALID_ARGUMENT',
      `${where}: leaseTtlMs must be a positive integer (milliseconds), got ${String(ttlMs)}`,
    );
  return ttlMs;
}
