import { setImmediate as nextTurn } from 'node:timers/promises';
import { forceGc } from './force-gc.ts';

/**
 * V8's `heapUsed` after full collections, in bytes, or undefined without a
 * forced GC (a reading taken mid-cycle says nothing about retained memory).
 * Two rounds of GC, a macrotask turn (so FinalizationRegistry callbacks and
 * weak-ref clean-ups run) and a reading; the lower reading is kept, which
 * damps the few hundred KB a single forced GC can leave behind.
 */
export async function settledHeapUsed(): Promise<number | undefined> {
  if (!forceGc) return undefined;
  let lowest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 2; round++) {
    forceGc();
    await nextTurn();
    lowest = Math.min(lowest, process.memoryUsage().heapUsed);
  }
  return lowest;
}
