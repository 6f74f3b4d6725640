/**
 * What durability 'exit' does when the process ends: on SIGINT and SIGTERM
 * each registered store flushes its held puts and stays open; on the
 * process's 'exit' event it closes (which flushes the rest).
 *
 * A signal does not close: an application may catch SIGTERM to let its run
 * finish, and that run's next step must still find its store open. If
 * nothing else listens to the signal, the hook does what Node would have
 * done without it: the process dies of that signal, after the flush.
 * Listeners are installed only while something is registered, so an idle
 * module changes nothing about how the process handles signals.
 */
export interface ExitHook {
  /** Writes held puts; the store stays usable. */
  flush(): void;
  /** Writes held puts and closes the database. */
  close(): void;
}

const hooks = new Set<ExitHook>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function each(action: (hook: ExitHook) => void): void {
  for (const hook of [...hooks]) {
    try {
      action(hook);
    } catch (err) {
      // The process is going away (or was asked to): reporting is all that is left to do.
      console.error('@weft/store-sqlite: writing pending checkpoints at exit failed:', err);
    }
  }
}

function onExit(): void {
  each((hook) => hook.close());
}

function onSignal(signal: NodeJS.Signals): void {
  each((hook) => hook.flush());
  if (process.listeners(signal).some((listener) => listener !== onSignal)) return; // the application decides when to end
  // Our listener replaced Node's default (exit by the signal): remove it and raise the signal again.
  process.off(signal, onSignal);
  process.kill(process.pid, signal);
}

function install(): void {
  process.on('exit', onExit);
  for (const s of SIGNALS) process.on(s, onSignal);
}

function uninstall(): void {
  process.off('exit', onExit);
  for (const s of SIGNALS) process.off(s, onSignal);
}

/** Flushes `hook` on SIGINT and SIGTERM and closes it at process exit, until the returned function is called. */
export function onProcessExit(hook: ExitHook): () => void {
  if (hooks.size === 0) install();
  hooks.add(hook);
  return () => {
    if (hooks.delete(hook) && hooks.size === 0) uninstall();
  };
}
