import { ModelError, type ModelErrorCode } from '../errors.ts';
import { isAiSdkError, type AiSdkErrorName } from './is-ai-sdk-error.ts';

const CONTEXT_LENGTH = /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long|input is too long/i;

/**
 * Any failure of an AI SDK model call as a ModelError that keeps the provider's
 * message, the HTTP status in `details.status` and the original as `cause`.
 * `fallback` is the code for an unrecognised error: a thrown one is most likely
 * the connection, an `error` part of a stream is the provider failing.
 */
export function toModelError(
  error: unknown,
  modelName: string,
  signal: AbortSignal | undefined,
  fallback: ModelErrorCode = 'MODEL_NETWORK',
): ModelError {
  if (error instanceof ModelError) return error;
  const message = `${modelName}: ${errorMessage(error)}`;
  if (isAiSdkError(error, 'APICallError')) {
    const status = error.statusCode;
    const code = signal?.aborted ? 'MODEL_ABORTED' : statusCode(status, `${error.message} ${error.responseBody ?? ''}`);
    return new ModelError(code, message, { cause: error, details: status === undefined ? undefined : { status } });
  }
  return new ModelError(codeOf(error, signal, fallback), message, { cause: error });
}

function statusCode(status: number | undefined, text: string): ModelErrorCode {
  if (status === undefined) return 'MODEL_NETWORK'; // the request never got an answer
  if (status === 401 || status === 403) return 'MODEL_AUTH';
  if (status === 429) return 'MODEL_RATE_LIMIT';
  if (status === 408) return 'MODEL_TIMEOUT';
  if (status >= 500) return 'MODEL_SERVER_ERROR';
  if (CONTEXT_LENGTH.test(text) || status === 413) return 'MODEL_CONTEXT_LENGTH';
  return 'MODEL_BAD_REQUEST';
}

function codeOf(error: unknown, signal: AbortSignal | undefined, fallback: ModelErrorCode): ModelErrorCode {
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'TimeoutError') return 'MODEL_TIMEOUT';
  if (signal?.aborted || name === 'AbortError') return 'MODEL_ABORTED';
  const is = (...names: AiSdkErrorName[]) => names.some((aiSdkName) => isAiSdkError(error, aiSdkName));
  if (is('LoadAPIKeyError')) return 'MODEL_AUTH';
  if (is('InvalidPromptError', 'InvalidArgumentError', 'UnsupportedFunctionalityError')) return 'MODEL_BAD_REQUEST';
  if (is('JSONParseError', 'TypeValidationError', 'InvalidResponseDataError', 'EmptyResponseBodyError', 'NoContentGeneratedError'))
    return 'MODEL_RESPONSE_INVALID';
  return fallback;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error !== null && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
