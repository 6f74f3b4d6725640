import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/studio raises itself; the library's own codes (THREAD_BUSY, RESUME_INVALID, …) pass through unchanged. */
export type StudioErrorCode =
  /** A bad option to createStudio/serveStudio. */
  | 'INVALID_ARGUMENT'
  /** A request body or query that does not match the endpoint's schema (the message names the field). */
  | 'BAD_REQUEST'
  /** A body over the size limit (maxBodyBytes). */
  | 'BODY_TOO_LARGE'
  /** A JSON body nested deeper than maxBodyDepth. */
  | 'BODY_TOO_DEEP'
  /** A JSON body with more object keys and array items than maxBodyKeys. */
  | 'BODY_TOO_MANY_KEYS'
  /** maxRuns runs are under way and maxQueuedRuns requests wait for one to end (429, with Retry-After). */
  | 'TOO_MANY_RUNS'
  /** The studio is closing: it starts no more runs (503). */
  | 'STUDIO_CLOSING'
  /** The bearer token is missing or wrong. */
  | 'UNAUTHORIZED'
  /** A request whose Host header is not the server's own (DNS rebinding), or from another origin. */
  | 'FORBIDDEN'
  /** Listening on an address other than loopback needs a token. */
  | 'TOKEN_REQUIRED'
  /** No such endpoint. */
  | 'NOT_FOUND'
  /** What the request asks is not available with this server's runner (a fork with `goto` through the queue). */
  | 'NOT_SUPPORTED'
  /** A content part of a run's input that cannot be read (its `data` is not base64, its media type does not fit its type). */
  | 'CONTENT_INVALID'
  /** Content bytes the studio does not keep for that thread (never sent for it, or past maxContentBytes). */
  | 'CONTENT_NOT_FOUND'
  /** GET /api/memory: the bank holds no live item under that namespace and key. */
  | 'MEMORY_NOT_FOUND'
  /** GET /api/memory on a studio created without a memory bank (createStudio's `memory`). */
  | 'MEMORY_BANK_MISSING';

/** An error of the studio layer. */
export class StudioError extends WeftError<StudioErrorCode> {
  override readonly name: string = 'StudioError';
}

/**
 * The HTTP status each error code answers with: the studio's own codes and
 * the library's that a request can cause; any other code is a 500. A value
 * a checkpoint cannot hold (CHECKPOINT_UNSERIALIZABLE) is the client's: a run
 * refused before it starts only stores what the request carried.
 */
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  BAD_REQUEST: 400,
  BODY_TOO_DEEP: 400,
  BODY_TOO_MANY_KEYS: 400,
  CHECKPOINT_UNSERIALIZABLE: 400,
  INVALID_ARGUMENT: 400,
  INPUT_INVALID: 400,
  RESUME_INVALID: 400,
  UNKNOWN_INTERRUPT: 400,
  BRANCH_TARGET_INVALID: 400,
  INSTRUCTION_KEY_MISSING: 400,
  NOT_SUPPORTED: 400,
  CONTENT_INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  THREAD_NOT_FOUND: 404,
  CHECKPOINT_NOT_FOUND: 404,
  CONTENT_NOT_FOUND: 404,
  MEMORY_NOT_FOUND: 404,
  MEMORY_BANK_MISSING: 404,
  THREAD_BUSY: 409,
  NOTHING_TO_RESUME: 409,
  CONCURRENT_RESUME: 409,
  CHECKPOINT_NOT_LATEST: 409,
  INTERRUPT_ALREADY_ANSWERED: 409,
  LEASE_LOST: 409,
  GRAPH_VERSION_PINNED: 409,
  BODY_TOO_LARGE: 413,
  CHECKPOINT_CORRUPT: 422,
  CHECKPOINT_VERSION: 422,
  CHECKPOINT_GRAPH_MISMATCH: 422,
  MIGRATION_FAILED: 422,
  TOO_MANY_RUNS: 429,
  INTERNAL: 500,
  STUDIO_CLOSING: 503,
};

/** The status for an error code (see ERROR_STATUS). */
export function httpStatusOf(code: string): number {
  return ERROR_STATUS[code] ?? 500;
}

/** The codes answered with a status, in ERROR_STATUS's order (what the OpenAPI document lists for it). */
export function codesOf(status: number): string[] {
  return Object.keys(ERROR_STATUS).filter((code) => ERROR_STATUS[code] === status);
}

/** The JSON body of every error answer: `{ error: { code, message, details? } }`. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** An error as its answer's body: a coded error keeps its code and details; anything else is an INTERNAL error without internals. */
export function errorBody(err: unknown): ErrorBody {
  const code = (err as { code?: unknown } | null)?.code;
  if (err instanceof Error && typeof code === 'string') {
    const details = (err as { details?: unknown }).details;
    return { error: { code, message: err.message, ...(details === undefined ? {} : { details }) } };
  }
  return { error: { code: 'INTERNAL', message: 'the server failed to answer; its log says why' } };
}
