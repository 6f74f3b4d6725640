import type { CheckpointStatus } from '../record/checkpoint-record.ts';
import type { CheckpointEntry, CheckpointStore, ThreadSummary } from '../store/checkpoint-store.ts';
import { codeOf, rejection, type CaseTools, type ConformanceCase } from './conformance-case.ts';

const STATUSES: CheckpointStatus[] = ['running', 'interrupted', 'done', 'error'];

/**
 * A deterministic entry for store tests: id `cp-<seq>`, parent `cp-<seq-1>`,
 * bytes that depend on thread, seq and id so a mix-up shows. `over` replaces fields.
 */
function entry(threadId: string, seq: number, over: Partial<CheckpointEntry> = {}): CheckpointEntry {
  const id = over.id ?? `cp-${seq}`;
  const seed = `${threadId}/${seq}/${id}`;
  return {
    threadId,
    id,
    parentId: seq === 1 ? null : `cp-${seq - 1}`,
    seq,
    step: seq - 1,
    status: 'running',
    createdAt: 1_700_000_000_000 + seq,
    bytes: Uint8Array.from(seed, (c, i) => (c.charCodeAt(0) * 31 + i) & 0xff),
    ...over,
  };
}

export { entry as conformanceEntry };

/** Writes seq 1..count in order and returns what was written. */
async function fill(store: CheckpointStore, threadId: string, count: number): Promise<CheckpointEntry[]> {
  const written = Array.from({ length: count }, (_, i) => entry(threadId, i + 1));
  // A store with putSync gets every other entry through it, so both paths meet every case.
  for (const e of written) await (store.putSync && e.seq % 2 === 0 ? store.putSync(e) : store.put(e));
  return written;
}

/** A copy with plain Uint8Array bytes: a store may return a Buffer (a subclass), which deep-equal would reject. */
function plain<T extends CheckpointEntry | undefined>(e: T): T {
  return (e === undefined ? e : { ...e, bytes: Uint8Array.from(e.bytes) }) as T;
}
const plainAll = (es: CheckpointEntry[]): CheckpointEntry[] => es.map((e) => plain(e));
const newestFirst = (es: CheckpointEntry[]): CheckpointEntry[] => plainAll(es).reverse();

/** Index of the first differing byte, or -1; cheaper than a deep-equal diff on megabytes. */
function firstDiff(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

async function ownThreads(store: CheckpointStore, t: CaseTools): Promise<ThreadSummary[]> {
  const prefix = t.thread('');
  return (await store.threads()).filter((s) => s.threadId.startsWith(prefix));
}

function summary(e: CheckpointEntry): ThreadSummary {
  return { threadId: e.threadId, seq: e.seq, headId: e.id, step: e.step, status: e.status, updatedAt: e.createdAt };
}
const withoutTime = ({ updatedAt: _, ...rest }: ThreadSummary): Omit<ThreadSummary, 'updatedAt'> => rest;

/** Races `writers` puts with the same seq and distinct ids; returns the one that won. */
async function race(store: CheckpointStore, t: CaseTools, threadId: string, seq: number, writers: number): Promise<CheckpointEntry> {
  const tries = Array.from({ length: writers }, (_, w) => entry(threadId, seq, { id: `cp-${seq}-w${w}`, parentId: null }));
  const results = await Promise.allSettled(tries.map((e) => store.put(e)));
  const winners = tries.filter((_, i) => results[i]?.status === 'fulfilled');
  const losers = results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
  t.expect(winners.length, `winners of seq ${seq}`).toBe(1);
  t.expect(losers).toEqual(Array.from({ length: writers - 1 }, () => 'CONCURRENT_RESUME'));
  return winners[0] as CheckpointEntry;
}

/** What every store must do with checkpoints: versioned puts, reads, listing, pruning, threads. */
export const CHECKPOINT_CASES: Record<string, ConformanceCase> = {
  'put then get returns the exact entry, latest and by id': async (store, t) => {
    const tid = t.thread('a');
    const [first, second] = await fill(store, tid, 2);
    t.expect(plain(await store.get(tid))).toEqual(plain(second));
    t.expect(plain(await store.get(tid, 'cp-1'))).toEqual(plain(first));
    t.expect(plain(await store.get(tid, 'cp-2'))).toEqual(plain(second));
  },
  'get of an unknown thread or unknown id is undefined': async (store, t) => {
    await fill(store, t.thread('a'), 1);
    t.expect(await store.get(t.thread('missing'))).toBeUndefined();
    t.expect(await store.get(t.thread('missing'), 'cp-1')).toBeUndefined();
    t.expect(await store.get(t.thread('a'), 'no-such-id')).toBeUndefined();
    t.expect(await store.list(t.thread('missing'))).toEqual([]);
  },
  'list is newest first': async (store, t) => {
    const written = await fill(store, t.thread('a'), 5);
    t.expect(plainAll(await store.list(t.thread('a')))).toEqual(newestFirst(written));
  },
  'list pages with limit and beforeSeq cover the thread without gaps or duplicates': async (store, t) => {
    const tid = t.thread('a');
    const written = await fill(store, tid, 7);
    const pages: CheckpointEntry[][] = [];
    let beforeSeq: number | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const page = await store.list(tid, { limit: 3, ...(beforeSeq === undefined ? {} : { beforeSeq }) });
      if (page.length === 0) break;
      pages.push(plainAll(page));
      beforeSeq = page[page.length - 1]?.seq;
    }
    const all = newestFirst(written);
    t.expect(pages).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6)]);
    t.expect(plainAll(await store.list(tid, { beforeSeq: 5 }))).toEqual(all.slice(3));
    t.expect(await store.list(tid, { beforeSeq: 1 })).toEqual([]);
    t.expect(await store.list(tid, { beforeSeq: 0 })).toEqual([]);
    t.expect(await store.list(tid, { limit: 0 })).toEqual([]);
  },
  'the first put of a thread must have seq 1': async (store, t) => {
    const tid = t.thread('a');
    t.expect(codeOf(await rejection(store.put(entry(tid, 2))))).toBe('CONCURRENT_RESUME');
    t.expect(codeOf(await rejection(store.put(entry(tid, 0))))).toBe('CONCURRENT_RESUME');
    t.expect(await store.get(tid)).toBeUndefined();
    t.expect(await store.list(tid)).toEqual([]);
    t.expect(await ownThreads(store, t)).toEqual([]);
  },
  'a stale seq rejects with CONCURRENT_RESUME and changes nothing': async (store, t) => {
    const tid = t.thread('a');
    await fill(store, tid, 3);
    const before = plainAll(await store.list(tid));
    const stale = entry(tid, 3, { id: 'cp-other', status: 'done' });
    t.expect(codeOf(await rejection(store.put(stale)))).toBe('CONCURRENT_RESUME');
    t.expect(codeOf(await rejection(store.put(entry(tid, 5, { id: 'cp-ahead' }))))).toBe('CONCURRENT_RESUME');
    // A store with putSync throws the same error, at once.
    if (store.putSync) t.expect(codeOf(await rejection(Promise.resolve().then(() => store.putSync?.(stale))))).toBe('CONCURRENT_RESUME');
    t.expect(plainAll(await store.list(tid))).toEqual(before);
    t.expect(await store.get(tid, 'cp-other')).toBeUndefined();
  },
  'a put reusing an id in the thread is rejected and overwrites nothing': async (store, t) => {
    const tid = t.thread('a');
    await fill(store, tid, 2);
    const before = plainAll(await store.list(tid));
    // The contract fixes no code for this one, only that it is refused with an Error.
    const err = await rejection(store.put(entry(tid, 3, { id: 'cp-1', status: 'done', bytes: Uint8Array.of(9, 9) })));
    t.expect(err instanceof Error).toBe(true);
    t.expect(plainAll(await store.list(tid))).toEqual(before);
  },
  'two concurrent puts with the same seq: exactly one wins': async (store, t) => {
    const tid = t.thread('a');
    const before = await fill(store, tid, 2); // two runs resuming the same head
    const winner = await race(store, t, tid, 3, 2);
    t.expect(plainAll(await store.list(tid))).toEqual(newestFirst([...before, winner]));
  },
  'ten concurrent writers per round: exactly one wins each round': async (store, t) => {
    const tid = t.thread('a');
    const winners: CheckpointEntry[] = [];
    for (let seq = 1; seq <= 5; seq++) winners.push(await race(store, t, tid, seq, 10));
    t.expect(plainAll(await store.list(tid))).toEqual(newestFirst(winners));
  },
  'mutating bytes or entries after put or get does not change the store': async (store, t) => {
    const tid = t.thread('a');
    // A Buffer, as the codec produces: Buffer#slice shares memory, so a store must really copy.
    const put = entry(tid, 1, { bytes: Buffer.from([1, 2, 3]) });
    const original = plain(put);
    await store.put(put);
    Object.assign(put, { status: 'error' }).bytes[0] = 99;
    const got = await store.get(tid);
    t.expect(plain(got)).toEqual(original);
    if (got) Object.assign(got, { step: 42 }).bytes[1] = 99;
    const listed = (await store.list(tid))[0];
    if (listed) listed.bytes[2] = 99;
    t.expect(plain(await store.get(tid, 'cp-1'))).toEqual(original);
  },
  'threads are isolated, even with the same checkpoint ids': async (store, t) => {
    const a = await fill(store, t.thread('a'), 2);
    const b = await fill(store, t.thread('b'), 3);
    t.expect(plain(await store.get(t.thread('a'), 'cp-2'))).toEqual(plain(a[1]));
    t.expect(plain(await store.get(t.thread('b'), 'cp-2'))).toEqual(plain(b[1]));
    t.expect(plainAll(await store.list(t.thread('a')))).toEqual(newestFirst(a));
    t.expect(plainAll(await store.list(t.thread('b')))).toEqual(newestFirst(b));
  },
  'delete removes one thread entirely and leaves the others': async (store, t) => {
    await fill(store, t.thread('a'), 2);
    const b = await fill(store, t.thread('b'), 2);
    await store.delete(t.thread('a'));
    t.expect(await store.get(t.thread('a'))).toBeUndefined();
    t.expect(await store.get(t.thread('a'), 'cp-1')).toBeUndefined();
    t.expect(await store.list(t.thread('a'))).toEqual([]);
    t.expect(plainAll(await store.list(t.thread('b')))).toEqual(newestFirst(b));
    t.expect((await ownThreads(store, t)).map(withoutTime)).toEqual([withoutTime(summary(b[1] as CheckpointEntry))]);
    await store.delete(t.thread('never-existed')); // deleting nothing is not an error
  },
  'deleteCheckpoints removes the given entries; the rest stay byte-identical and list in order with gaps': async (store, t) => {
    const tid = t.thread('a');
    const written = await fill(store, tid, 6);
    t.expect(await store.deleteCheckpoints(tid, ['cp-2', 'cp-4', 'cp-5'])).toBe(3);
    const rest = [written[0], written[2], written[5]] as CheckpointEntry[];
    t.expect(plainAll(await store.list(tid))).toEqual(newestFirst(rest));
    for (const e of rest) t.expect(plain(await store.get(tid, e.id))).toEqual(plain(e));
    t.expect(await store.get(tid, 'cp-4')).toBeUndefined();
    t.expect(plain(await store.get(tid))).toEqual(plain(written[5]));
    // Paging still works across the gaps.
    t.expect(plainAll(await store.list(tid, { limit: 1, beforeSeq: 6 }))).toEqual(newestFirst([written[2] as CheckpointEntry]));
    t.expect(plainAll(await store.list(tid, { beforeSeq: 5 }))).toEqual(newestFirst([written[0], written[2]] as CheckpointEntry[]));
    t.expect((await ownThreads(store, t)).map(withoutTime)).toEqual([withoutTime(summary(written[5] as CheckpointEntry))]);
  },
  'deleteCheckpoints ignores unknown ids and ids already deleted': async (store, t) => {
    const tid = t.thread('a');
    const written = await fill(store, tid, 3);
    t.expect(await store.deleteCheckpoints(tid, ['nope', 'cp-1', 'cp-1'])).toBe(1);
    t.expect(await store.deleteCheckpoints(tid, ['cp-1', 'also-nope'])).toBe(0);
    t.expect(await store.deleteCheckpoints(tid, [])).toBe(0);
    t.expect(await store.deleteCheckpoints(t.thread('missing'), ['cp-1'])).toBe(0);
    t.expect(plainAll(await store.list(tid))).toEqual(newestFirst(written.slice(1)));
  },
  'deleteCheckpoints never touches other threads, even with the same ids': async (store, t) => {
    const a = await fill(store, t.thread('a'), 3);
    const b = await fill(store, t.thread('b'), 3);
    t.expect(await store.deleteCheckpoints(t.thread('a'), ['cp-1', 'cp-2'])).toBe(2);
    t.expect(plainAll(await store.list(t.thread('a')))).toEqual(newestFirst(a.slice(2)));
    t.expect(plainAll(await store.list(t.thread('b')))).toEqual(newestFirst(b));
  },
  'deleting the head is rejected with INVALID_ARGUMENT and deletes nothing': async (store, t) => {
    const tid = t.thread('a');
    const written = await fill(store, tid, 4);
    t.expect(codeOf(await rejection(store.deleteCheckpoints(tid, ['cp-1', 'cp-4'])))).toBe('INVALID_ARGUMENT');
    t.expect(codeOf(await rejection(store.deleteCheckpoints(tid, ['cp-4'])))).toBe('INVALID_ARGUMENT');
    t.expect(plainAll(await store.list(tid))).toEqual(newestFirst(written));
  },
  'after pruning, puts continue at head seq + 1 and stale seqs are still rejected': async (store, t) => {
    const tid = t.thread('a');
    const written = await fill(store, tid, 5);
    t.expect(await store.deleteCheckpoints(tid, ['cp-1', 'cp-2', 'cp-3', 'cp-4'])).toBe(4);
    // Five entries were written and four deleted: the version is still 5, not 1.
    t.expect(codeOf(await rejection(store.put(entry(tid, 2, { id: 'cp-low' }))))).toBe('CONCURRENT_RESUME');
    t.expect(codeOf(await rejection(store.put(entry(tid, 5, { id: 'cp-same' }))))).toBe('CONCURRENT_RESUME');
    const next = entry(tid, 6);
    await store.put(next);
    t.expect(plainAll(await store.list(tid))).toEqual(newestFirst([written[4] as CheckpointEntry, next]));
    t.expect((await ownThreads(store, t)).map(withoutTime)).toEqual([withoutTime(summary(next))]);
  },
  'threads() lists each thread once with its head, most recently updated first': async (store, t) => {
    const [a, b, c] = [t.thread('a'), t.thread('b'), t.thread('c')];
    let clock = 1_700_000_000_000;
    const write = async (tid: string, seq: number, status: CheckpointStatus): Promise<CheckpointEntry> => {
      const e = entry(tid, seq, { status, step: seq * 10, createdAt: ++clock });
      await store.put(e);
      return e;
    };
    // Expected order a, c, b: neither creation order (c, a, b) nor by name (a, b, c).
    await write(c, 1, 'running');
    await write(a, 1, 'running');
    const bHead = await write(b, 1, 'done');
    const cHead = await write(c, 2, 'interrupted');
    const aHead = await write(a, 2, 'error');
    const listed = await ownThreads(store, t);
    // updatedAt may be the store's own clock or the head's createdAt; only its order is contract.
    t.expect(listed.map(withoutTime)).toEqual([aHead, cHead, bHead].map((e) => withoutTime(summary(e))));
    t.expect(listed.every((s, i) => i === 0 || (listed[i - 1] as ThreadSummary).updatedAt >= s.updatedAt)).toBe(true);
  },
  'a 5 MB entry round-trips byte for byte': async (store, t) => {
    const tid = t.thread('big');
    const bytes = new Uint8Array(5 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.imul(i, 2654435761) >>> 24; // no short period to hide a shifted chunk
    const big = entry(tid, 1, { bytes });
    await store.put(big);
    const got = await store.get(tid);
    t.expect(got && { ...got, bytes: null }).toEqual({ ...big, bytes: null });
    t.expect(got ? firstDiff(got.bytes, bytes) : 'missing').toBe(-1);
  },
  'parentId null and non-null round-trip': async (store, t) => {
    const tid = t.thread('a');
    const root = entry(tid, 1, { parentId: null });
    const child = entry(tid, 2, { parentId: 'cp-1' });
    const fork = entry(tid, 3, { parentId: 'cp-1' }); // a fork points back past the head
    for (const e of [root, child, fork]) await store.put(e);
    t.expect(plainAll(await store.list(tid))).toEqual(newestFirst([root, child, fork]));
  },
  'chain, when implemented, follows parentId nearest first, bounded by limit, within one thread': async (store, t) => {
    if (!store.chain) return; // optional: loading falls back to get() per link
    const tid = t.thread('a');
    const [e1, e2, e3] = (await fill(store, tid, 3)) as [CheckpointEntry, CheckpointEntry, CheckpointEntry];
    const e4 = entry(tid, 4, { parentId: 'cp-2' }); // a fork back past cp-3
    const e5 = entry(tid, 5, { parentId: 'cp-4' });
    await store.put(e4);
    await store.put(e5);
    await fill(store, t.thread('other'), 5); // the same ids in another thread must not leak in
    t.expect(plainAll(await store.chain(tid, 'cp-5', 10))).toEqual(plainAll([e5, e4, e2, e1]));
    t.expect(plainAll(await store.chain(tid, 'cp-3', 2))).toEqual(plainAll([e3, e2]));
    t.expect(plainAll(await store.chain(tid, 'cp-3', 1))).toEqual(plainAll([e3]));
    t.expect(await store.chain(tid, 'nope', 10)).toEqual([]);
    await store.deleteCheckpoints(tid, ['cp-2']); // a gap ends the chain
    t.expect(plainAll(await store.chain(tid, 'cp-5', 10))).toEqual(plainAll([e5, e4]));
  },
  'every status value round-trips': async (store, t) => {
    const written = STATUSES.map((status) => entry(t.thread(status), 1, { status }));
    // A store with putSync gets every other entry through it, so both paths meet every case.
    for (const e of written) await (store.putSync && e.seq % 2 === 0 ? store.putSync(e) : store.put(e));
    for (const e of written) t.expect(plain(await store.get(e.threadId))).toEqual(plain(e));
  },
};
