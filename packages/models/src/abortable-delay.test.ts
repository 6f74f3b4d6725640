import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortableDelay } from './abortable-delay.ts';

// Real timers on purpose: vitest's fake clock does not patch node:timers/promises,
// which is what abortableDelay is built on. The waits are kept short or aborted.
const pendingTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('abortableDelay', () => {
  it('resolves after ms, with no signal or with a signal that never aborts, and removes its listener', async () => {
    const signal = new AbortController().signal;
    const start = performance.now();
    await expect(abortableDelay(30, undefined)).resolves.toBeUndefined();
    await expect(abortableDelay(30, signal)).resolves.toBeUndefined();
    // Node's timer may fire up to a millisecond early as measured by performance.now().
    expect(performance.now() - start).toBeGreaterThanOrEqual(59);
    expect(getEventListeners(signal, 'abort')).toEqual([]);
  });

  it("rejects with an already-aborted signal's own reason, at once, and adds no timer or listener", async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled before the wait');
    controller.abort(reason);
    const before = pendingTimers();
    const start = performance.now();
    await expect(abortableDelay(60_000, controller.signal)).rejects.toBe(reason);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(pendingTimers()).toBe(before);
    expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
  });

  it("rejects with the signal's own reason as soon as it aborts during the wait, and leaves no timer or listener", async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled during the wait');
    const before = pendingTimers();
    const waiting = abortableDelay(60_000, controller.signal);
    expect(pendingTimers()).toBe(before + 1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    const start = performance.now();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(pendingTimers()).toBe(before);
    expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
  });

  it('abort() without a reason rejects with the signal’s default reason (its AbortError), the same object', async () => {
    const controller = new AbortController();
    const waiting = abortableDelay(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBe(controller.signal.reason);
    expect(controller.signal.reason).toMatchObject({ name: 'AbortError' });
  });
});
