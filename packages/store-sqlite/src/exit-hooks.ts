import { onExit } from 'signal-exit';

/**
 * What durability 'exit' does when the process ends: each registered store
 * closes, which writes its held puts. `signal-exit` tells us when: on a normal
 * exit (the event loop ran dry, `process.exit()`, an uncaught error) and on
 * every signal that would end the process (SIGHUP, SIGINT, SIGTERM, SIGQUIT,
 * SIGUSR2, … but never SIGKILL, which no one can catch). After a signal the
 * handlers run, then signal-exit raises the signal again, so the process
 * still dies of it. Its listeners are installed only while a store is
 * registered, so an idle module changes nothing about how the process
 * handles signals.
 *
 * What changed from the hand-written SIGINT/SIGTERM listeners this replaces:
 * - More signals are covered: SIGHUP (a closed terminal, a stopped tmux or
 *   ssh session) used to kill the process with its held puts unwritten.
 * - A signal closes the stores instead of flushing them and leaving them
 *   open: signal-exit calls us only when the process is about to die.
 * - When the application has its own listener for the signal, signal-exit
 *   does nothing at all (it acts only when its listeners are the signal's
 *   only ones: `if (listeners.length === count)` in its index.js). The
 *   application still decides when to end and the store stays open, but the
 *   held puts are no longer written at the signal: they are written when the
 *   process exits. An application that catches a signal and may then be
 *   killed harder should call `store.flush()` in its handler.
 * - If some other signal-exit user in the process returns `true` to keep the
 *   process alive after a signal, our stores are closed by then (a later put
 *   throws instead of being held and lost: signal-exit fires only once).
 */
export interface ExitHook {
  /** Writes held puts and closes the database. */
  close(): void;
}

const hooks = new Set<ExitHook>();
/** Removes our signal-exit handler; set while any hook is registered. */
let removeHandler: (() => void) | undefined;

function closeAll(): void {
  // signal-exit is iterating its handler list and fires at most once: each
  // close unregisters its hook, and removing our handler now could make it
  // skip the next one in that list.
  removeHandler = undefined;
  for (const hook of [...hooks]) {
    try {
      hook.close();
    } catch (err) {
      // The process is going away: reporting is all that is left to do.
      console.error('@weft/store-sqlite: writing pending checkpoints at exit failed:', err);
    }
  }
  // Returning nothing (not `true`) lets signal-exit raise the signal again.
}

/** Closes `hook` (writing its held puts) when the process ends, until the returned function is called. */
export function onProcessExit(hook: ExitHook): () => void {
  if (hooks.size === 0) removeHandler = onExit(closeAll);
  hooks.add(hook);
  return () => {
    if (!hooks.delete(hook) || hooks.size > 0) return;
    removeHandler?.();
    removeHandler = undefined;
  };
}
