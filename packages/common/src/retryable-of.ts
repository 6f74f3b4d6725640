/**
 * The `retryable` flag of any thrown value: a WeftError's, or that of an error
 * or plain object from another package; `undefined` when it has none. Every
 * retry loop asks it (a node's retry policy, a model adapter's retries).
 *
 * @example
 * retryableOf(new WeftError('MODEL_AUTH', 'refused', { retryable: false })); // false
 * retryableOf({ retryable: true }); // true
 * retryableOf(new Error('x')); // undefined: the retry policy decides
 */
export function retryableOf(err: unknown): boolean | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const flag = (err as { retryable?: unknown }).retryable;
  return typeof flag === 'boolean' ? flag : undefined;
}
