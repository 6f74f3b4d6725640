import type { CheckpointStore } from '../store/checkpoint-store.ts';
import { codeOf, rejection, type CaseTools, type ConformanceCase } from './conformance-case.ts';
import type { ThreadLease } from '../store/thread-lease.ts';

/** A lease short enough to watch expire in a test; long enough that a loaded machine does not expire it early. */
const SHORT_TTL_MS = 150;

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a refusal names: the holder, and since when it holds the thread. */
function busyDetails(err: unknown): unknown {
  const details = (err as { details?: { holder?: unknown; since?: unknown } } | null)?.details;
  return { code: codeOf(err), holder: details?.holder, since: typeof details?.since };
}

/** The lease's fields that the holder chose or the store must keep as they were. */
const identity = (l: ThreadLease | undefined) => l && { threadId: l.threadId, holder: l.holder, token: l.token, since: l.since };

async function claimed(store: CheckpointStore, t: CaseTools, threadId: string, holder: string, ttlMs?: number): Promise<ThreadLease> {
  const lease = await store.claimThread(threadId, { holder, ...(ttlMs === undefined ? {} : { ttlMs }) });
  t.expect(lease.threadId).toBe(threadId);
  t.expect(lease.holder).toBe(holder);
  t.expect(typeof lease.token === 'string' && lease.token.length > 0).toBe(true);
  t.expect(lease.expiresAt - lease.since).toBe(lease.ttlMs);
  return lease;
}

/** What every store must do with thread leases: one holder at a time, in any process, until release or expiry. */
export const LEASE_CASES: Record<string, ConformanceCase> = {
  'claimThread on a free thread gives a lease that threadLease reports; a thread needs no checkpoints to be claimed': async (store, t) => {
    const tid = t.thread('a');
    t.expect(await store.threadLease(tid)).toBeUndefined();
    const lease = await claimed(store, t, tid, 'host:1 (run r1)');
    t.expect(identity(await store.threadLease(tid))).toEqual(identity(lease));
    t.expect(await store.get(tid)).toBeUndefined();
    t.expect(await store.list(tid)).toEqual([]);
  },
  'a claim while the lease is held is refused with THREAD_BUSY naming the holder, and changes nothing': async (store, t) => {
    const tid = t.thread('a');
    const lease = await claimed(store, t, tid, 'first');
    const err = await rejection(store.claimThread(tid, { holder: 'second' }));
    t.expect(busyDetails(err)).toEqual({ code: 'THREAD_BUSY', holder: 'first', since: 'number' });
    t.expect(identity(await store.threadLease(tid))).toEqual(identity(lease));
    // The same holder name claiming again is someone else too: a lease is its token, not its name.
    t.expect(codeOf(await rejection(store.claimThread(tid, { holder: 'first' })))).toBe('THREAD_BUSY');
  },
  'ten concurrent claims on one thread: exactly one wins, nine get THREAD_BUSY': async (store, t) => {
    const tid = t.thread('a');
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.claimThread(tid, { holder: `h${i}` })));
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    t.expect(won.length).toBe(1);
    t.expect(results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []))).toEqual(Array(9).fill('THREAD_BUSY'));
    t.expect(identity(await store.threadLease(tid))).toEqual(identity(won[0]));
  },
  'release frees the thread; a released token can neither renew nor release the next holder': async (store, t) => {
    const tid = t.thread('a');
    const first = await claimed(store, t, tid, 'first');
    await store.releaseThread(first);
    t.expect(await store.threadLease(tid)).toBeUndefined();
    await store.releaseThread(first); // twice is fine
    const second = await claimed(store, t, tid, 'second');
    t.expect(codeOf(await rejection(store.renewThread(first)))).toBe('LEASE_LOST');
    await store.releaseThread(first);
    t.expect(identity(await store.threadLease(tid))).toEqual(identity(second));
  },
  'renewThread extends the lease from now and keeps its token; the holder can still release it': async (store, t) => {
    const tid = t.thread('a');
    const lease = await claimed(store, t, tid, 'h');
    await wait(20);
    const renewed = await store.renewThread(lease);
    t.expect(identity(renewed)).toEqual(identity(lease));
    t.expect(renewed.ttlMs).toBe(lease.ttlMs);
    t.expect(renewed.expiresAt > lease.expiresAt).toBe(true);
    t.expect(identity(await store.threadLease(tid))).toEqual(identity(lease));
    await store.releaseThread(renewed);
    t.expect(await store.threadLease(tid)).toBeUndefined();
  },
  'takeOver takes a held lease; the old holder can no longer renew or release it': async (store, t) => {
    const tid = t.thread('a');
    const old = await claimed(store, t, tid, 'gone');
    const taken = await store.claimThread(tid, { holder: 'operator', takeOver: true });
    t.expect(taken.holder).toBe('operator');
    t.expect(taken.token === old.token).toBe(false);
    t.expect(codeOf(await rejection(store.renewThread(old)))).toBe('LEASE_LOST');
    await store.releaseThread(old);
    t.expect(identity(await store.threadLease(tid))).toEqual(identity(taken));
  },
  'an expired lease is free: another claim takes it and the old holder can no longer renew': async (store, t) => {
    const tid = t.thread('a');
    const old = await claimed(store, t, tid, 'crashed', SHORT_TTL_MS);
    t.expect(codeOf(await rejection(store.claimThread(tid, { holder: 'early' })))).toBe('THREAD_BUSY');
    await wait(SHORT_TTL_MS * 2);
    t.expect(await store.threadLease(tid)).toBeUndefined();
    const next = await claimed(store, t, tid, 'next');
    t.expect(codeOf(await rejection(store.renewThread(old)))).toBe('LEASE_LOST');
    t.expect(identity(await store.threadLease(tid))).toEqual(identity(next));
  },
  'an expired lease that nobody claimed can be renewed by its holder': async (store, t) => {
    const tid = t.thread('a');
    const lease = await claimed(store, t, tid, 'slow', SHORT_TTL_MS);
    await wait(SHORT_TTL_MS * 2);
    const renewed = await store.renewThread(lease);
    t.expect(identity(renewed)).toEqual(identity(lease));
    t.expect(codeOf(await rejection(store.claimThread(tid, { holder: 'other' })))).toBe('THREAD_BUSY');
  },
  'leases are per thread, and claiming changes no checkpoint': async (store, t) => {
    const [a, b] = [t.thread('a'), t.thread('b')];
    await claimed(store, t, a, 'ha');
    const lb = await claimed(store, t, b, 'hb');
    await store.releaseThread(lb);
    t.expect((await store.threadLease(a))?.holder).toBe('ha');
    t.expect(await store.threadLease(b)).toBeUndefined();
    t.expect(await store.list(a)).toEqual([]);
  },
  'claims with bad arguments are refused with INVALID_ARGUMENT': async (store, t) => {
    const tid = t.thread('a');
    const bad = [
      store.claimThread(tid, { holder: '' }),
      store.claimThread(tid, { holder: 'host\0x' }),
      store.claimThread(tid, { holder: '\ud83d' }),
      store.claimThread('', { holder: 'h' }),
      store.claimThread(`${tid}\0x`, { holder: 'h' }),
      store.claimThread(tid, { holder: 'h', ttlMs: 0 }),
      store.claimThread(tid, { holder: 'h', ttlMs: 1.5 }),
      store.claimThread(tid, null as never),
    ];
    for (const p of bad) t.expect(codeOf(await rejection(p))).toBe('INVALID_ARGUMENT');
    t.expect(await store.threadLease(tid)).toBeUndefined();
  },
};
