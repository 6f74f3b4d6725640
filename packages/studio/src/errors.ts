import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/studio raises itself; the library's own codes (THREAD_BUSY, RESUME_INVALID, …) pass through unchanged. */
export type StudioErrorCode =
  /** A bad option to createStudio/serveStudio. */
  | 'INVALID_ARGUMENT'
  /** A request body or query that does not match the endpoint's schema (the message names the field). */
  | 'BAD_REQUEST'
  /** A body over the size limit. */
  | 'BODY_TOO_LARGE'
  /** The bearer token is missing or wrong. */
  | 'UNAUTHORIZED'
  /** A request whose Host header is not the server's own (DNS rebinding), or from another origin. */
  | 'FORBIDDEN'
  /** Listening on an address other than loopback needs a token. */
  | 'TOKEN_REQUIRED'
  /** No such endpoint. */
  | 'NOT_FOUND'
  /** What the request asks is not available with this server's runner (a fork with `goto` through the queue). */
  | 'NOT_SUPPORTED';

/** An error of the studio layer. */
export class StudioError extends WeftError<StudioErrorCode> {
  override readonly name: string = 'StudioError';
}

/** The HTTP status a library error code answers with; anything not listed is a 500. */
const STATUS: Readonly<Record<string, number>> = {
  BAD_REQUEST: 400,
  INVALID_ARGUMENT: 400,
  INPUT_INVALID: 400,
  RESUME_INVALID: 400,
  UNKNOWN_INTERRUPT: 400,
  NOTHING_TO_RESUME: 409,
  BRANCH_TARGET_INVALID: 400,
  INSTRUCTION_KEY_MISSING: 400,
  NOT_SUPPORTED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  THREAD_NOT_FOUND: 404,
  CHECKPOINT_NOT_FOUND: 404,
  THREAD_BUSY: 409,
  CONCURRENT_RESUME: 409,
  CHECKPOINT_NOT_LATEST: 409,
  INTERRUPT_ALREADY_ANSWERED: 409,
  LEASE_LOST: 409,
  BODY_TOO_LARGE: 413,
  CHECKPOINT_CORRUPT: 422,
  CHECKPOINT_VERSION: 422,
  CHECKPOINT_GRAPH_MISMATCH: 422,
};

/** The status for an error code (see STATUS). */
export function httpStatusOf(code: string): number {
  return STATUS[code] ?? 500;
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
