import { blobHash, type StoredBlob } from '../blob/blob-ref.ts';
import type { CheckpointEntry, CheckpointStore } from '../store/checkpoint-store.ts';
import { conformanceEntry as entry } from './checkpoint-cases.ts';
import { codeOf, rejection, type ConformanceCase } from './conformance-case.ts';

/** A blob of `size` bytes that depend on `seed`. */
function blob(seed: number, size = 40_000): StoredBlob {
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 7 + seed * 13) & 0xff);
  return { hash: blobHash(bytes), bytes };
}

/** The thread's blobs with these hashes, as plain arrays (a store may return Buffers). */
async function held(store: CheckpointStore, threadId: string, blobs: readonly StoredBlob[]): Promise<Record<string, number[]>> {
  const found = await store.getBlobs!(threadId, [...blobs.map((b) => b.hash), blobHash(Uint8Array.of(1))]);
  return Object.fromEntries([...found].map(([hash, bytes]) => [hash, [...bytes]]));
}
const expected = (...blobs: StoredBlob[]): Record<string, number[]> => Object.fromEntries(blobs.map((b) => [b.hash, [...b.bytes]]));
const withBlobs = (threadId: string, seq: number, blobs: StoredBlob[]): CheckpointEntry => entry(threadId, seq, { blobs });

/** Puts through putSync when the store has it, so both paths meet the cases. */
async function put(store: CheckpointStore, e: CheckpointEntry): Promise<void> {
  await (store.putSync && e.seq % 2 === 0 ? store.putSync(e) : store.put(e));
}

/**
 * Blobs: binary values kept once per thread by sha-256, written with the
 * checkpoint that refers to them and dropped when no checkpoint does.
 */
export const BLOB_CASES: Record<string, ConformanceCase> = {
  'blobs: a put keeps its blobs, once per thread, and get returns the entry without them': async (store, t) => {
    const tid = t.thread('a');
    const [a, b] = [blob(1), blob(2)];
    for (let seq = 1; seq <= 4; seq++) await put(store, withBlobs(tid, seq, seq === 3 ? [a, b] : [a]));
    t.expect(await held(store, tid, [a, b])).toEqual(expected(a, b));
    const { blobs: _, ...head } = withBlobs(tid, 4, [a]);
    const got = await store.get(tid);
    t.expect(got && { ...got, bytes: Uint8Array.from(got.bytes) }).toEqual(head);
    t.expect(await held(store, t.thread('other'), [a, b])).toEqual({});
  },
  'blobs: pruning drops the blobs no remaining checkpoint refers to': async (store, t) => {
    const tid = t.thread('a');
    const [a, b, c] = [blob(1), blob(2), blob(3)];
    await put(store, withBlobs(tid, 1, [a]));
    await put(store, withBlobs(tid, 2, [a, b]));
    await put(store, withBlobs(tid, 3, [c]));
    await put(store, withBlobs(tid, 4, [b]));
    t.expect(await store.deleteCheckpoints(tid, ['cp-1'])).toBe(1);
    t.expect(await held(store, tid, [a, b, c])).toEqual(expected(a, b, c));
    t.expect(await store.deleteCheckpoints(tid, ['cp-2', 'cp-3'])).toBe(2);
    t.expect(await held(store, tid, [a, b, c])).toEqual(expected(b));
  },
  'blobs: deleting a thread drops its blobs and leaves other threads’ copies': async (store, t) => {
    const [x, y] = [t.thread('x'), t.thread('y')];
    const a = blob(1);
    await put(store, withBlobs(x, 1, [a]));
    await put(store, withBlobs(y, 1, [a]));
    await store.delete(x);
    t.expect(await held(store, x, [a])).toEqual({});
    t.expect(await held(store, y, [a])).toEqual(expected(a));
    await put(store, withBlobs(x, 1, [a]));
    t.expect(await held(store, x, [a])).toEqual(expected(a));
  },
  'blobs: a refused put leaves none of its blobs behind': async (store, t) => {
    const tid = t.thread('a');
    const [a, b] = [blob(1), blob(2)];
    await put(store, withBlobs(tid, 1, [a]));
    t.expect(codeOf(await rejection(store.put(withBlobs(tid, 1, [b]))))).toBe('CONCURRENT_RESUME');
    t.expect(codeOf(await rejection(store.put(withBlobs(tid, 3, [b]))))).toBe('CONCURRENT_RESUME');
    if (store.putSync) {
      let code: unknown;
      try {
        store.putSync(withBlobs(tid, 1, [b]));
      } catch (err) {
        code = codeOf(err);
      }
      t.expect(code).toBe('CONCURRENT_RESUME');
    }
    t.expect(await held(store, tid, [a, b])).toEqual(expected(a));
    t.expect(await store.list(tid).then((l) => l.map((e) => e.id))).toEqual(['cp-1']);
  },
  'blobs: racing writers of the same blob store it once; the loser’s other blobs are not kept': async (store, t) => {
    const tid = t.thread('a');
    const [shared, own0, own1] = [blob(1), blob(2), blob(3)];
    const tries = [own0, own1].map((own, w) => entry(tid, 1, { id: `cp-1-w${w}`, blobs: [shared, own] }));
    const results = await Promise.allSettled(tries.map((e) => store.put(e)));
    const won = results.findIndex((r) => r.status === 'fulfilled');
    t.expect(results.map((r) => (r.status === 'rejected' ? codeOf(r.reason) : 'ok')).sort()).toEqual(['CONCURRENT_RESUME', 'ok']);
    t.expect(await held(store, tid, [shared, own0, own1])).toEqual(expected(shared, won === 0 ? own0 : own1));
    const others = Array.from({ length: 3 }, (_, i) => t.thread(`t${i}`));
    await Promise.all(others.map((o) => store.put(withBlobs(o, 1, [shared]))));
    for (const o of others) t.expect(await held(store, o, [shared])).toEqual(expected(shared));
  },
};
