/**
 * A stand-in for `setTimeout` from node:timers/promises that runs on the global
 * `setTimeout`, so that vitest's fake clock (which patches the global but, in
 * vitest 4.1, not node:timers/promises) drives it. Like Node's, it rejects with
 * an AbortError carrying the signal's reason as `cause`, and removes its timer
 * and listener once settled.
 */
export function sleepOnGlobalTimers<T = void>(ms?: number, value?: T, options: { signal?: AbortSignal } = {}): Promise<T> {
  const { signal } = options;
  const aborted = (): Error => Object.assign(new Error('The operation was aborted', { cause: signal?.reason }), { name: 'AbortError' });
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(value as T);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
