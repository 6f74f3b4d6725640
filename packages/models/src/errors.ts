import { WeftError } from '@weft/graph';

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
  /** The provider rejected the request as malformed (HTTP 400/404/422). */
  | 'MODEL_BAD_REQUEST'
  /** The provider failed (HTTP 5xx), after the retries. */
  | 'MODEL_SERVER_ERROR'
  /** The connection failed or broke (DNS, refused, reset, cut mid-stream). */
  | 'MODEL_NETWORK'
  /** The call took longer than its timeout. */
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
 * Every failure of a model in @weft/models: provider errors keep the
 * provider's message (and HTTP status in `details.status`) so the cause is
 * visible in events and checkpoints.
 */
export class ModelError extends WeftError<ModelErrorCode> {
  override readonly name: string = 'ModelError';
}
