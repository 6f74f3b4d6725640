/**
 * @weft/common — what Weft packages share, without the engine: the
 * failures (`WeftError`: a typed `code`, `details`, `cause`, `retryable`,
 * `toJSON()`; its JSON round trip), the exponential backoff every retry
 * loop uses, and the door of the servers Weft runs on node:http (a bearer
 * token, and loopback's Host check).
 * Each package keeps its own union of codes; models and stores depend on this
 * package instead of on `@weft/graph`.
 *
 * @example
 * import { WeftError, backoffDelay, retryableOf } from '@weft/common';
 *
 * type CacheErrorCode = 'CACHE_MISS' | 'CACHE_DOWN';
 * class CacheError extends WeftError<CacheErrorCode> {
 *   override readonly name = 'CacheError';
 * }
 * const err = new CacheError('CACHE_DOWN', 'the cache did not answer', { retryable: true });
 * if (retryableOf(err)) console.log(backoffDelay({ jitter: false }, 1)); // 100
 */

// Errors
export { WeftError, isWeftError, errorToJSON } from './weft-error.ts';
export type { WeftErrorJSON, WeftErrorOptions } from './weft-error.ts';
export { errorFromJSON } from './error-from-json.ts';
export { retryableOf } from './retryable-of.ts';

// Retries
export { backoffDelay } from './backoff-delay.ts';
export type { BackoffPolicy, BackoffInput } from './backoff-delay.ts';

// Serving over HTTP
export { httpGuard } from './http/http-guard.ts';
export type { HttpGuardOptions } from './http/http-guard.ts';
export { isLoopback } from './http/is-loopback.ts';
