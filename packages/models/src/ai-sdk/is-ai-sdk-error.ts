/** The AI SDK errors Weft sorts into ModelError codes (@ai-sdk/provider 2, 3 and 4 all have them). */
export type AiSdkErrorName =
  | 'APICallError'
  | 'EmptyResponseBodyError'
  | 'InvalidArgumentError'
  | 'InvalidPromptError'
  | 'InvalidResponseDataError'
  | 'JSONParseError'
  | 'LoadAPIKeyError'
  | 'NoContentGeneratedError'
  | 'TypeValidationError'
  | 'UnsupportedFunctionalityError';

/** The fields of the AI SDK's `APICallError` that Weft reads. */
export interface AiSdkApiCallError extends Error {
  /** Undefined when the request got no answer (refused, reset, DNS). */
  readonly statusCode?: number;
  readonly responseBody?: string;
}

/**
 * Whether `error` is the AI SDK's error `name`, without importing the AI SDK:
 * every @ai-sdk/provider version (2, 3 and 4) sets the property
 * `Symbol.for('vercel.ai.error.AI_<name>')` to `true` on its errors, and its
 * own `isInstance` reads that marker too, so that errors from another copy of
 * the package are recognised (`instanceof` would not be).
 */
export function isAiSdkError(error: unknown, name: 'APICallError'): error is AiSdkApiCallError;
export function isAiSdkError(error: unknown, name: AiSdkErrorName): error is Error;
export function isAiSdkError(error: unknown, name: AiSdkErrorName): boolean {
  return error !== null && typeof error === 'object' && Reflect.get(error, Symbol.for(`vercel.ai.error.AI_${name}`)) === true;
}
