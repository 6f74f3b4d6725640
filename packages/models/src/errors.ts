import { WeftError, type WeftErrorOptions } from '@weft/common';

/** Codes of the errors @weft/models raises; check `err.code`. */
export type ModelErrorCode =
  /** A scripted model was called more times than its script has answers. */
  | 'SCRIPT_EXHAUSTED'
  /** A script item (or what a function item returned) is malformed. */
  | 'SCRIPT_INVALID'
  /** A model factory got options it cannot use. */
  | 'INVALID_ARGUMENT'
  /** The provider refused the credentials (HTTP 401/403). */
  | 'MODEL_AUTH'
  /** The provider's rate limit, after the retries (HTTP 429). */
  | 'MODEL_RATE_LIMIT'
  /** The request does not fit the model's context window. */
  | 'MODEL_CONTEXT_LENGTH'
  /** The provider rejected the request (HTTP 400/404/422, any other 4xx but 408, 409 and 429). */
  | 'MODEL_BAD_REQUEST'
  /** The provider failed (HTTP 5xx, or 409: a conflict on its side), after the retries. */
  | 'MODEL_SERVER_ERROR'
  /** The connection failed or broke (DNS, refused, reset, cut mid-stream). */
  | 'MODEL_NETWORK'
  /** The call took longer than its timeout, or the server gave up waiting for it (HTTP 408, retried). */
  | 'MODEL_TIMEOUT'
  /** The caller's AbortSignal aborted the call. */
  | 'MODEL_ABORTED'
  /** The provider answered something that is not a valid response (bad JSON, a malformed stream chunk). */
  | 'MODEL_RESPONSE_INVALID'
  /** A replayed cassette has no recorded answer for this request. */
  | 'CASSETTE_MISMATCH'
  /** A cassette file is missing or unreadable. */
  | 'CASSETTE_INVALID';

/**
 * Whether a retry may help, by code: a request the provider refused (bad
 * credentials, a malformed or too long request), an answer that does not
 * parse and a broken script or cassette fail the same way again; a rate limit,
 * a server error or a broken connection may not. A timeout or an abort is
 * left to the caller (unset).
 */
const RETRYABLE: Record<ModelErrorCode, boolean | undefined> = {
  SCRIPT_EXHAUSTED: false,
  SCRIPT_INVALID: false,
  INVALID_ARGUMENT: false,
  MODEL_AUTH: false,
  MODEL_RATE_LIMIT: true,
  MODEL_CONTEXT_LENGTH: false,
  MODEL_BAD_REQUEST: false,
  MODEL_SERVER_ERROR: true,
  MODEL_NETWORK: true,
  MODEL_TIMEOUT: undefined,
  MODEL_ABORTED: undefined,
  MODEL_RESPONSE_INVALID: false,
  CASSETTE_MISMATCH: false,
  CASSETTE_INVALID: false,
};

/**
 * Every failure of a model in @weft/models: provider errors keep the
 * provider's message (and HTTP status in `details.status`) so the cause is
 * visible in events and checkpoints. `retryable` follows the code unless the
 * raiser says otherwise (an HTTP 408 is a MODEL_TIMEOUT that may be retried),
 * so a graph node calling a model is not retried after a 401.
 */
export class ModelError extends WeftError<ModelErrorCode> {
  override readonly name: string = 'ModelError';

  constructor(code: ModelErrorCode, message: string, options: WeftErrorOptions = {}) {
    super(code, message, { ...options, retryable: options.retryable ?? RETRYABLE[code] });
  }
}
