/** The calls in flight under each caller's signal, aborted together when it aborts. */
const following = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * Aborts `controller` with the caller's reason when `caller` aborts, until the
 * returned function is called (the call has ended). All the calls under one
 * signal share a single 'abort' listener on it: a parallel workflow of 12
 * agents added one per model call to the run's signal, and Node warned
 * "Possible EventTarget memory leak detected. 11 abort listeners" on a run
 * with nothing leaking. Calls are aborted in the order they started, as
 * their own listeners were.
 *
 * @example
 * const controller = new AbortController();
 * const unfollow = followAbort(ctx.signal, controller);
 * try { return await model.generate(messages, { tools, signal: controller.signal }); } finally { unfollow(); }
 */
export function followAbort(caller: AbortSignal, controller: AbortController): () => void {
  if (caller.aborted) {
    controller.abort(caller.reason);
    return () => undefined;
  }
  let calls = following.get(caller);
  if (!calls) {
    const inFlight = (calls = new Set());
    following.set(caller, inFlight);
    caller.addEventListener(
      'abort',
      () => {
        following.delete(caller);
        for (const call of inFlight) call.abort(caller.reason);
        inFlight.clear();
      },
      { once: true },
    );
  }
  const mine = calls;
  mine.add(controller);
  return () => void mine.delete(controller);
}
