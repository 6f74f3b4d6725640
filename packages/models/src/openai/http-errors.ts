import { ModelError, type ModelErrorCode } from '../errors.ts';

/** Why one attempt failed; another attempt may help only when `error.retryable` is true. */
export interface AttemptFailure {
  error: ModelError;
  /** The server's Retry-After, in ms; wins over the backoff. */
  retryAfterMs?: number | undefined;
}

/** What a failed attempt was doing, for messages and `details`. */
export interface AttemptContext {
  url: string;
  attempt: number;
  timeoutMs: number;
  callerSignal: AbortSignal;
  timedOut: boolean;
  /** Set once the answer's body is being streamed: a broken connection then means a cut stream. */
  streaming?: boolean;
}

const CONTEXT_LENGTH = /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long/i;

/**
 * Maps a non-2xx answer to an error. 408 (the server gave up waiting), 409 (a
 * conflict on its side, such as a lock), 429 and 5xx are `retryable`, after
 * Retry-After when the server sent one; any other 4xx would fail again.
 */
export async function httpFailure(response: Response, at: AttemptContext): Promise<AttemptFailure> {
  const { status } = response;
  const text = await response.text().catch(() => '');
  const body = parseBody(text);
  const error = isFields(body) && isFields(body['error']) ? body['error'] : isFields(body) ? body : {};
  const providerMessage = typeof error['message'] === 'string' ? error['message'] : text.slice(0, 500) || response.statusText;
  let code: ModelErrorCode;
  if (status === 401 || status === 403) code = 'MODEL_AUTH';
  else if (status === 429) code = 'MODEL_RATE_LIMIT';
  else if (status === 408) code = 'MODEL_TIMEOUT';
  else if (status >= 500 || status === 409) code = 'MODEL_SERVER_ERROR';
  else if ((status === 400 || status === 413) && (error['code'] === 'context_length_exceeded' || CONTEXT_LENGTH.test(providerMessage)))
    code = 'MODEL_CONTEXT_LENGTH';
  else if (status >= 400) code = 'MODEL_BAD_REQUEST';
  else code = 'MODEL_RESPONSE_INVALID';
  const details: Record<string, unknown> = { status, attempt: at.attempt };
  if (text !== '') details['body'] = body;
  const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
  return {
    error: new ModelError(code, `POST ${at.url} answered HTTP ${status}: ${providerMessage}`, { details, retryable }),
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
  };
}

/**
 * Maps what fetch or a body read threw: the caller's abort or our timeout
 * (neither marked, so not retried here), a ModelError of the body (as it is
 * marked), or a network failure (retryable).
 */
export function thrownFailure(thrown: unknown, at: AttemptContext): AttemptFailure {
  if (at.callerSignal.aborted) return { error: abortedError(at.callerSignal.reason, at.attempt) };
  if (at.timedOut) {
    const message = `POST ${at.url} did not answer within ${at.timeoutMs} ms (attempt ${at.attempt})`;
    return { error: new ModelError('MODEL_TIMEOUT', message, { details: { attempt: at.attempt }, cause: thrown }) };
  }
  if (thrown instanceof ModelError) return { error: thrown };
  const what = at.streaming ? `the stream from POST ${at.url} ended before [DONE]` : `network error calling POST ${at.url}`;
  const message = `${what}: ${describeThrown(thrown)}`;
  return { error: new ModelError('MODEL_NETWORK', message, { details: { attempt: at.attempt }, cause: thrown }) };
}

/** The caller's AbortSignal fired: never retried (not marked: a node's own retry policy decides). */
export function abortedError(reason: unknown, attempt: number): ModelError {
  return new ModelError('MODEL_ABORTED', 'the model call was aborted', { details: { attempt }, cause: reason });
}

/** Retry-After as delay-seconds or an HTTP-date, in ms from `now`; `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** "fetch failed (connect ECONNREFUSED 127.0.0.1:9)": undici hides the reason in `cause`. */
function describeThrown(thrown: unknown): string {
  if (!(thrown instanceof Error)) return String(thrown);
  const cause = thrown.cause instanceof Error ? thrown.cause.message : undefined;
  return cause && cause !== thrown.message ? `${thrown.message} (${cause})` : thrown.message;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isFields = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
