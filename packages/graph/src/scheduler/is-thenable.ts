/** True for promises and any other object with a `then` method (what `await` would wait on). */
export function isThenable<T = unknown>(v: unknown): v is PromiseLike<T> {
  return v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as PromiseLike<T>).then === 'function';
}
