/**
 * Runs registered synchronous callbacks when the process exits normally or on
 * SIGINT/SIGTERM. Used by durability 'exit' to write pending checkpoints.
 * Listeners are installed only while something is registered, so an idle
 * module changes nothing about how the process handles signals.
 */
const callbacks = new Set<() => void>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function runAll(): void {
  for (const fn of [...callbacks]) {
    try {
      fn();
    } catch (err) {
      // The process is going away; reporting is all that is left to do.
      console.error('@weft/store-sqlite: writing pending checkpoints at exit failed:', err);
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  runAll();
  uninstall();
  // Our listener replaced Node's default (exit); restore it unless the app handles the signal itself.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  process.on('exit', runAll);
  for (const s of SIGNALS) process.on(s, onSignal);
}

function uninstall(): void {
  process.off('exit', runAll);
  for (const s of SIGNALS) process.off(s, onSignal);
}

/** Calls `fn` at process exit, SIGINT or SIGTERM until the returned function is called. */
export function onProcessExit(fn: () => void): () => void {
  if (callbacks.size === 0) install();
  callbacks.add(fn);
  return () => {
    if (callbacks.delete(fn) && callbacks.size === 0) uninstall();
  };
}
