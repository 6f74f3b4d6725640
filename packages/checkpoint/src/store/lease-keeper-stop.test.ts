import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckpointStore } from './checkpoint-store.ts';
import { LeaseKeeper, STOP_POLL_MS } from './lease-keeper.ts';
import { MemoryStore } from './memory-store.ts';
import { waitForThread } from './wait-for-thread.ts';

/** The same store as another process sees it: another object, so this process's registry of held leases does not know it. */
function elsewhere(store: CheckpointStore): CheckpointStore {
  return {
    put: (e) => store.put(e),
    get: (t, id) => store.get(t, id),
    list: (t, o) => store.list(t, o),
    delete: (t) => store.delete(t),
    deleteCheckpoints: (t, ids) => store.deleteCheckpoints(t, ids),
    threads: () => store.threads(),
    claimThread: (t, o) => store.claimThread(t, o),
    renewThread: (l) => store.renewThread(l),
    releaseThread: (l) => store.releaseThread(l),
    threadLease: (t) => store.threadLease(t),
    requestStop: (t, r) => store.requestStop!(t, r),
  };
}

afterEach(() => void vi.useRealTimers());

describe('LeaseKeeper stop requests', () => {
  it('a stop asked in the same process reaches the holder at once, with no store round trip', async () => {
    const store = new MemoryStore();
    const toStore = vi.spyOn(store, 'requestStop');
    const keeper = await LeaseKeeper.take(store, 't1', { holder: 'runner' });
    expect(keeper.stopRequested).toBeUndefined();
    const marked = await LeaseKeeper.requestStop(store, 't1', { by: 'api', reason: 'new input' });
    expect(keeper.stopRequested).toEqual({ by: 'api', reason: 'new input', at: expect.any(Number) });
    expect(marked).toEqual({ ...keeper.lease, stopRequested: keeper.stopRequested });
    expect(toStore).toHaveBeenCalledTimes(0);
    // A second request keeps the first.
    await LeaseKeeper.requestStop(store, 't1', { by: 'other', reason: 'later' });
    expect(keeper.stopRequested?.by).toBe('api');
    await keeper.release();
    expect(LeaseKeeper.heldHere(store, 't1')).toBeUndefined();
    expect(await LeaseKeeper.requestStop(store, 't1', { by: 'api', reason: 'r' })).toBeUndefined();
    expect(toStore).toHaveBeenCalledTimes(1);
  });

  it('a stop asked in another process is marked in the store and reaches the holder at its next renewal', async () => {
    const store = new MemoryStore({ leaseTtlMs: 300 });
    const keeper = await LeaseKeeper.take(store, 't1', { holder: 'runner' });
    const marked = await LeaseKeeper.requestStop(elsewhere(store), 't1', { by: 'worker-2', reason: 'new input' });
    expect(marked?.token).toBe(keeper.lease.token);
    expect(keeper.stopRequested).toBeUndefined();
    await vi.waitFor(() => expect(keeper.stopRequested).toEqual(marked?.stopRequested), { timeout: 10_000, interval: 20 });
    await keeper.release();
  });

  it('a holder renews at least every STOP_POLL_MS when its store keeps stop requests, and every third of its lease otherwise', async () => {
    vi.useFakeTimers();
    const withStops = new MemoryStore();
    const { requestStop: _, ...rest } = elsewhere(new MemoryStore());
    const without: CheckpointStore = rest;
    const renewals = [vi.spyOn(withStops, 'renewThread'), vi.spyOn(without, 'renewThread')];
    const keepers = [await LeaseKeeper.take(withStops, 'a', { holder: 'h' }), await LeaseKeeper.take(without, 'b', { holder: 'h' })];
    await vi.advanceTimersByTimeAsync(STOP_POLL_MS * 5);
    expect(renewals.map((r) => r.mock.calls.length)).toEqual([5, 1]); // 15 s lease: one renewal per 5 s without stop requests
    for (const k of keepers) await k.release();
  });

  it('waitForThread: resolves when the holder here releases, or when one elsewhere is gone; false at the deadline', async () => {
    const store = new MemoryStore();
    const keeper = await LeaseKeeper.take(store, 't1', { holder: 'runner' });
    const waiting = waitForThread(store, 't1', Date.now() + 60_000);
    await keeper.release();
    expect(await waiting).toBe(true);
    const other = await store.claimThread('t1', { holder: 'other process' });
    expect(await waitForThread(store, 't1', Date.now() + 50)).toBe(false);
    const waitingElsewhere = waitForThread(store, 't1', Date.now() + 60_000);
    await store.releaseThread(other);
    expect(await waitingElsewhere).toBe(true);
  });
});
