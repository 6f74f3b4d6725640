import type { CheckpointStore } from '../store/checkpoint-store.ts';
import type { StopRequestOptions, ThreadLease } from '../store/thread-lease.ts';
import { codeOf, rejection, type ConformanceCase } from './conformance-case.ts';

/** The store's requestStop; a store in this suite without it is told how to leave these cases out. */
function requestStop(store: CheckpointStore): (threadId: string, request: StopRequestOptions) => Promise<ThreadLease | undefined> {
  if (!store.requestStop) throw new Error('this store has no requestStop: pass { stopRequests: false } to the conformance suite');
  return store.requestStop.bind(store);
}

/** The stop request's fields a test can predict (`at` is the store's clock: checked to be a number). */
const stopOf = (l: ThreadLease | undefined) =>
  l && {
    token: l.token,
    stop: l.stopRequested && { by: l.stopRequested.by, reason: l.stopRequested.reason, at: typeof l.stopRequested.at },
  };

/** What every store with `requestStop` must do: mark the current lease, show it to its holder and to readers, clear it on a new claim. */
export const STOP_REQUEST_CASES: Record<string, ConformanceCase> = {
  'requestStop marks the held lease; renewThread and threadLease return the mark to the holder and to readers': async (store, t) => {
    const tid = t.thread('a');
    const lease = await store.claimThread(tid, { holder: 'runner' });
    t.expect(lease.stopRequested).toBeUndefined();
    const marked = await requestStop(store)(tid, { by: 'api', reason: 'a new message arrived' });
    const expected = { token: lease.token, stop: { by: 'api', reason: 'a new message arrived', at: 'number' } };
    t.expect(stopOf(marked)).toEqual(expected);
    t.expect(stopOf(await store.threadLease(tid))).toEqual(expected);
    const renewed = await store.renewThread(lease);
    t.expect(stopOf(renewed)).toEqual(expected);
    t.expect(renewed.stopRequested?.at).toBe(marked?.stopRequested?.at);
  },
  'a second requestStop keeps the first request; unicode and an empty reason are kept as given': async (store, t) => {
    const tid = t.thread('a');
    await store.claimThread(tid, { holder: 'runner' });
    const first = await requestStop(store)(tid, { by: 'é 用户 🙂', reason: '' });
    const second = await requestStop(store)(tid, { by: 'someone else', reason: 'later' });
    t.expect(second?.stopRequested).toEqual(first?.stopRequested);
    t.expect((await store.threadLease(tid))?.stopRequested).toEqual({ by: 'é 用户 🙂', reason: '', at: first?.stopRequested?.at });
  },
  'requestStop on a thread nobody holds (never claimed, released, or expired) marks nothing and resolves to undefined': async (
    store,
    t,
  ) => {
    const [never, released, expired] = [t.thread('never'), t.thread('released'), t.thread('expired')];
    t.expect(await requestStop(store)(never, { by: 'api', reason: 'r' })).toBeUndefined();
    await store.releaseThread(await store.claimThread(released, { holder: 'h' }));
    t.expect(await requestStop(store)(released, { by: 'api', reason: 'r' })).toBeUndefined();
    await store.claimThread(expired, { holder: 'h', ttlMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    t.expect(await requestStop(store)(expired, { by: 'api', reason: 'r' })).toBeUndefined();
    // The next claim of each thread starts without a stop request.
    for (const tid of [never, released, expired])
      t.expect((await store.claimThread(tid, { holder: 'next' })).stopRequested).toBeUndefined();
  },
  'a new claim clears the stop request: after a release, and after a takeover': async (store, t) => {
    const tid = t.thread('a');
    const first = await store.claimThread(tid, { holder: 'first' });
    await requestStop(store)(tid, { by: 'api', reason: 'r' });
    await store.releaseThread(first);
    const second = await store.claimThread(tid, { holder: 'second' });
    t.expect(second.stopRequested).toBeUndefined();
    t.expect((await store.threadLease(tid))?.stopRequested).toBeUndefined();
    await requestStop(store)(tid, { by: 'api', reason: 'again' });
    const taken = await store.claimThread(tid, { holder: 'operator', takeOver: true });
    t.expect(taken.stopRequested).toBeUndefined();
    t.expect(stopOf(await store.threadLease(tid))).toEqual({ token: taken.token, stop: undefined });
    t.expect((await store.renewThread(taken)).stopRequested).toBeUndefined();
  },
  'a stop request on one thread leaves the others alone': async (store, t) => {
    const [a, b] = [t.thread('a'), t.thread('b')];
    await store.claimThread(a, { holder: 'ha' });
    await store.claimThread(b, { holder: 'hb' });
    await requestStop(store)(a, { by: 'api', reason: 'r' });
    t.expect((await store.threadLease(b))?.stopRequested).toBeUndefined();
  },
  'requestStop with bad arguments is refused with INVALID_ARGUMENT and marks nothing': async (store, t) => {
    const tid = t.thread('a');
    await store.claimThread(tid, { holder: 'runner' });
    const stop = requestStop(store);
    const bad = [
      stop(tid, { by: '', reason: 'r' }),
      stop(tid, { by: 'a\0b', reason: 'r' }),
      stop(tid, { by: 'api', reason: '\ud83d' }),
      stop(tid, { by: 'api' } as never),
      stop(tid, null as never),
      stop('', { by: 'api', reason: 'r' }),
    ];
    for (const p of bad) t.expect(codeOf(await rejection(p))).toBe('INVALID_ARGUMENT');
    t.expect((await store.threadLease(tid))?.stopRequested).toBeUndefined();
  },
};
