import { getEventListeners } from 'node:events';
import { followAbort } from './follow-abort.ts';

/** Clean controllers kept per caller signal for its next calls (a parallel workflow releases many at once). */
const MAX_IDLE = 16;
const idle = new WeakMap<AbortSignal, AbortController[]>();

/** A model call's own controller, following the caller's signal until `release()`. */
export interface CallController {
  controller: AbortController;
  /** The call has ended: stop following the caller, and keep the controller for a later call if it is clean. */
  release(): void;
}

/**
 * The controller of one model call under `caller`. Node 20 takes 4-8 µs to
 * make an AbortSignal (it changes an EventTarget's prototype), which was 8.8%
 * of a sequential-agents step; a call that ended without being aborted and
 * whose model removed its listeners leaves a signal nobody can tell from a
 * new one, so the next call under the same caller gets it again. A signal
 * that was aborted, or that still has a listener (a model that did not
 * remove its own), is never handed out again.
 *
 * @example
 * const { controller, release } = takeCallController(ctx.signal);
 * try { return await model.generate(messages, { tools, signal: controller.signal }); } finally { release(); }
 */
export function takeCallController(caller: AbortSignal): CallController {
  const controller = idle.get(caller)?.pop() ?? new AbortController();
  const unfollow = followAbort(caller, controller);
  return {
    controller,
    release: () => {
      unfollow();
      const { signal } = controller;
      if (signal.aborted || caller.aborted || getEventListeners(signal, 'abort').length > 0) return;
      let free = idle.get(caller);
      if (!free) idle.set(caller, (free = []));
      if (free.length < MAX_IDLE) free.push(controller);
    },
  };
}
