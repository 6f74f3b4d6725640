import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A forced full collection, or undefined if none can be had. `global.gc` only
 * exists under --expose-gc and `pnpm bench` runs plain tsx, so fall back to
 * enabling the flag at runtime and taking `gc` from a fresh context. Without
 * it the timings still run; the heap figures need it and are skipped.
 */
function findGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const fromContext: unknown = vm.runInNewContext('gc');
    return typeof fromContext === 'function' ? (fromContext as () => void) : undefined;
  } catch {
    return undefined;
  }
}

export const forceGc = findGc();
