import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  END,
  START,
  graph,
  interrupt,
  LeaseKeeper,
  MemoryStore,
  WeftError,
  type CheckpointEntry,
  type CheckpointStore,
  type ClaimOptions,
  type ThreadLease,
} from '../index.ts';

/** A promise with its resolve, for holding a node at a known point. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** `charge` asks for approval, then (held at `gate` when one is set) charges once per run of its body. */
function chargeGraph(store: CheckpointStore, effects: string[], hold?: { entered: () => void; gate: Promise<void> }) {
  return graph<string, string>({ name: 'charge' })
    .addNode('charge', async (item: string) => {
      const answer = interrupt<string>({ approve: item });
      hold?.entered();
      await hold?.gate;
      effects.push(`charged ${item} for ${answer}`);
      return answer;
    })
    .addEdge(START, 'charge')
    .addEdge('charge', END)
    .compile({ store });
}

/** The store's own methods, bound, with some replaced. */
function wrap(inner: MemoryStore, over: Partial<CheckpointStore>): CheckpointStore {
  return {
    put: (e) => inner.put(e),
    putSync: (e) => inner.putSync(e),
    get: (t, id) => inner.get(t, id),
    chain: (t, id, n) => inner.chain(t, id, n),
    list: (t, o) => inner.list(t, o),
    delete: (t) => inner.delete(t),
    deleteCheckpoints: (t, d) => inner.deleteCheckpoints(t, d),
    threads: () => inner.threads(),
    claimThread: (t, o) => inner.claimThread(t, o),
    renewThread: (l) => inner.renewThread(l),
    releaseThread: (l) => inner.releaseThread(l),
    threadLease: (t) => inner.threadLease(t),
    ...over,
  };
}

const codeOf = (p: PromiseLike<unknown>) =>
  Promise.resolve(p).then(
    () => 'fulfilled',
    (e: { code?: string }) => e.code,
  );
const ids = (entries: CheckpointEntry[]) => entries.map((e) => `${e.seq}:${e.status}`);

afterEach(() => vi.useRealTimers());

describe('one runner per thread', () => {
  it('a second resume, run or continue while a resume is inside a node is refused with THREAD_BUSY before anything runs; the first answer wins', async () => {
    const store = new MemoryStore();
    const effects: string[] = [];
    const entered = latch();
    const gate = latch();
    const g = chargeGraph(store, effects, { entered: entered.open, gate: gate.promise });
    expect((await g.run('card', { threadId: 't' })).status).toBe('interrupted');
    const first = g.resume({ threadId: 't', resume: { 'charge#0': 'one' } });
    await entered.promise;
    const before = ids(await store.list('t'));
    const busy = await g.resume({ threadId: 't', resume: { 'charge#0': 'two' } }).catch((e: unknown) => e);
    expect(busy).toMatchObject({
      code: 'THREAD_BUSY',
      details: { threadId: 't', holder: expect.stringMatching(/:\d+ \(run [0-9a-f-]{36}\)$/), since: expect.any(Number) },
    });
    expect(await codeOf(g.resume({ threadId: 't' }))).toBe('THREAD_BUSY');
    expect(await codeOf(g.run('other', { threadId: 't' }))).toBe('THREAD_BUSY');
    expect(await codeOf(g.prune('t'))).toBe('THREAD_BUSY');
    expect(ids(await store.list('t'))).toEqual(before);
    expect((await store.threadLease('t'))?.holder).toBe((busy as { details: { holder: string } }).details.holder);
    gate.open();
    const done = await first;
    expect(done).toMatchObject({ status: 'done', output: 'one' });
    expect(effects).toEqual(['charged card for one']);
    expect(await store.threadLease('t')).toBeUndefined();
    // Answered by the first resume, which went on to the end: a second answer is refused as such.
    expect(await codeOf(g.resume({ threadId: 't', resume: { 'charge#0': 'two' } }))).toBe('INTERRUPT_ALREADY_ANSWERED');
    expect(effects).toEqual(['charged card for one']);
  });

  it('the lease is released before the run’s events complete, and when preparing the run fails', async () => {
    const store = new MemoryStore();
    const effects: string[] = [];
    const g = chargeGraph(store, effects);
    await g.run('a', { threadId: 't' });
    expect(await codeOf(g.resume({ threadId: 't', resume: { 'nope#0': 1 } }))).toBe('UNKNOWN_INTERRUPT');
    expect(await codeOf(g.resume({ threadId: 't', checkpointId: 'missing', resume: {} }))).toBe('CHECKPOINT_NOT_FOUND');
    expect(await store.threadLease('t')).toBeUndefined();
    const run = g.resume({ threadId: 't', resume: { 'charge#0': 'yes' } });
    const types: string[] = [];
    for await (const e of run) types.push(e.type);
    expect(types.at(-1)).toBe('run.end');
    expect(await store.threadLease('t')).toBeUndefined();
    expect((await g.run('b', { threadId: 't' })).status).toBe('interrupted');
    expect(effects).toEqual(['charged a for yes']);
  });

  it('a run inside a node for many lease times keeps renewing: others are refused (THREAD_BUSY) all along, and it finishes normally', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const ttl = 100;
    const store = new MemoryStore({ leaseTtlMs: ttl });
    const entered = latch();
    const gate = latch();
    let runs = 0;
    const g = graph<number, number>({ name: 'slow' })
      .addNode('slow', async (n: number) => {
        // Only the first run waits: a second one that got in would finish at once, and the test would see it.
        if (++runs === 1) {
          entered.open();
          await gate.promise;
        }
        return n + 1;
      })
      .addEdge(START, 'slow')
      .addEdge('slow', END)
      .compile({ store });
    const first = g.run(1, { threadId: 't' });
    await entered.promise;
    const held = (await store.threadLease('t'))!;
    for (let ttls = 1; ttls <= 5; ttls++) {
      await vi.advanceTimersByTimeAsync(ttl);
      expect(await codeOf(g.resume({ threadId: 't' }))).toBe('THREAD_BUSY');
      expect(await codeOf(g.run(5, { threadId: 't' }))).toBe('THREAD_BUSY');
      const now = await store.threadLease('t');
      expect([now?.token, now?.since, now!.expiresAt > Date.now()]).toEqual([held.token, held.since, true]);
    }
    gate.open();
    expect(await first).toMatchObject({ status: 'done', output: 2 });
    expect(runs).toBe(1);
    expect(await store.threadLease('t')).toBeUndefined();
    expect(ids(await store.list('t'))).toEqual(['2:done', '1:running']);
  });

  it('a holder that stopped renewing blocks the thread until its lease expires, or until an operator takes over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = new MemoryStore();
    const effects: string[] = [];
    const g = chargeGraph(store, effects);
    await g.run('a', { threadId: 't' });
    await store.claimThread('t', { holder: 'crashed-host:4242', ttlMs: 5_000 });
    const busy = await g.resume({ threadId: 't', resume: { 'charge#0': 'x' } }).catch((e: unknown) => e);
    expect(busy).toMatchObject({ code: 'THREAD_BUSY', details: { holder: 'crashed-host:4242' } });
    expect((busy as Error).message).toContain('crashed-host:4242');
    vi.setSystemTime(Date.now() + 5_001);
    expect(await g.resume({ threadId: 't', resume: { 'charge#0': 'x' } })).toMatchObject({ status: 'done', output: 'x' });

    await g.run('b', { threadId: 'u' });
    const dead = await store.claimThread('u', { holder: 'gone:1' });
    expect(await g.resume({ threadId: 'u', resume: { 'charge#0': 'y' }, takeOver: true, holder: 'operator' })).toMatchObject({
      status: 'done',
    });
    expect(await codeOf(store.renewThread(dead))).toBe('LEASE_LOST');
    expect(effects).toEqual(['charged a for x', 'charged b for y']);
  });

  it('a run whose lease was taken over stops before its next checkpoint (LEASE_LOST); only its in-flight step repeats', async () => {
    const memory = new MemoryStore({ leaseTtlMs: 30 });
    const refused = latch();
    // The real store, except that a refused renewal is announced (the run under test learns it that way too).
    const store = wrap(memory, {
      renewThread: (lease: ThreadLease) =>
        memory.renewThread(lease).catch((err: unknown) => {
          refused.open();
          throw err;
        }),
    });
    const runs: string[] = [];
    const entered = latch();
    const g = graph<number, number>({ name: 'steps' })
      .addNode('one', (n: number) => (runs.push('one'), n + 1))
      .addNode('two', async (n: number) => {
        runs.push('two');
        if (runs.filter((r) => r === 'two').length === 1) {
          entered.open();
          await refused.promise; // the first runner stalls here until it has lost the thread
        }
        return n + 1;
      })
      .addNode('three', (n: number) => (runs.push('three'), n + 1))
      .addEdge(START, 'one')
      .addEdge('one', 'two')
      .addEdge('two', 'three')
      .addEdge('three', END)
      .compile({ store });
    const stalled = g.run(0, { threadId: 't' });
    await entered.promise;
    const taken = await g.resume({ threadId: 't', takeOver: true });
    expect(taken).toMatchObject({ status: 'done', output: 3 });
    const head = await store.get('t');
    const lost = await stalled;
    expect(lost.status).toBe('error');
    expect(lost.error).toMatchObject({ code: 'LEASE_LOST' });
    expect(await store.get('t')).toEqual(head);
    expect(runs).toEqual(['one', 'two', 'two', 'three']);
  });

  it('prune holds the thread: a fork waits for it (THREAD_BUSY) and every checkpoint still loads afterwards', async () => {
    const memory = new MemoryStore();
    const deleting = latch();
    const proceed = latch();
    const store = wrap(memory, {
      deleteCheckpoints: async (threadId: string, doomed: readonly string[]) => {
        deleting.open();
        await proceed.promise;
        return memory.deleteCheckpoints(threadId, doomed);
      },
    });
    const g = graph<number, number, { seen: number[] }>({ name: 'count', state: () => ({ seen: [] }) })
      .addNode('add', (n: number, ctx) => (ctx.append(['seen'], n), n + 1))
      .addEdge(START, 'add')
      .addBranch('add', (n) => (n < 12 ? 'add' : END), ['add', END])
      .compile({ store, snapshotEvery: 4 });
    await g.run(0, { threadId: 't' });
    const old = [];
    for await (const v of g.history('t')) old.push(v);
    const forkFrom = old.at(-3)!;
    const pruning = g.prune('t', { keepLast: 2 });
    await deleting.promise;
    expect(await codeOf(g.resume({ threadId: 't', checkpointId: forkFrom.id, goto: 'add', input: 100 }))).toBe('THREAD_BUSY');
    proceed.open();
    const pruned = await pruning;
    expect(pruned.deleted).toBeGreaterThan(0);
    const states = [];
    for await (const v of g.history('t')) states.push(v.state.seen.length);
    expect(states.length).toBe(pruned.kept);
    expect((await g.resume({ threadId: 't', goto: 'add', input: 12 })).state.seen.slice(-1)).toEqual([12]);
  });

  it('a value for an interrupt that already has one is refused; the thread continues with the first, and a fork answers again', async () => {
    const memory = new MemoryStore();
    let writes = 0;
    let failFrom = Infinity;
    // A store that stops taking writes, as a process that dies right after its resume checkpoint would.
    const { putSync: _, ...withoutSync } = wrap(memory, {});
    const store: CheckpointStore = {
      ...withoutSync,
      put: async (e: CheckpointEntry) => {
        if (++writes >= failFrom) throw new Error('disk gone');
        return memory.put(e);
      },
    };
    const effects: string[] = [];
    const g = chargeGraph(store, effects);
    const paused = await g.run('card', { threadId: 't' });
    failFrom = writes + 2; // the resume checkpoint is written; the next write fails
    expect((await g.resume({ threadId: 't', resume: { 'charge#0': 'one' } })).error).toMatchObject({ code: 'RUN_FAILED' });
    failFrom = Infinity;
    const head = await store.get('t');
    expect(head?.status).toBe('running');
    const again = await g.resume({ threadId: 't', resume: { 'charge#0': 'two' } }).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'INTERRUPT_ALREADY_ANSWERED', details: { answered: ['charge#0'] } });
    expect(await store.get('t')).toEqual(head);
    expect(await g.resume({ threadId: 't' })).toMatchObject({ status: 'done', output: 'one' });
    const stale = await g
      .resume({ threadId: 't', checkpointId: paused.checkpointId!, resume: { 'charge#0': 'three' } })
      .catch((e: unknown) => e);
    expect(stale).toMatchObject({
      code: 'CHECKPOINT_NOT_LATEST',
      details: { checkpointId: paused.checkpointId, latest: { status: 'done' } },
    });
    const fork = await g.resume({ threadId: 't', checkpointId: paused.checkpointId!, resume: { 'charge#0': 'three' }, fork: true });
    expect(fork).toMatchObject({ status: 'done', output: 'three' });
    expect(effects).toEqual(['charged card for one', 'charged card for one', 'charged card for three']);
  });

  it('a caller that holds the lease (LeaseKeeper.take) passes it to resume: the run adopts and releases it; nobody gets in between', async () => {
    const store = new MemoryStore();
    const effects: string[] = [];
    const g = chargeGraph(store, effects);
    await g.run('card', { threadId: 't' });
    const lease = await LeaseKeeper.take(store, 't', { holder: 'cli (weft resume)' });
    expect(await store.get('t')).toMatchObject({ status: 'interrupted' }); // read while holding it
    expect(await codeOf(g.resume({ threadId: 't', resume: { 'charge#0': 'other' } }))).toBe('THREAD_BUSY');
    expect(await g.resume({ threadId: 't', resume: { 'charge#0': 'mine' }, lease })).toMatchObject({ status: 'done', output: 'mine' });
    expect(await store.threadLease('t')).toBeUndefined();
    await lease.release(); // the caller's own cleanup: a no-op now
    expect(effects).toEqual(['charged card for mine']);

    await g.run('pen', { threadId: 'u' });
    const wrongThread = await LeaseKeeper.take(store, 't', { holder: 'h' });
    expect(await codeOf(g.resume({ threadId: 'u', resume: { 'charge#0': 'x' }, lease: wrongThread }))).toBe('INVALID_ARGUMENT');
    await wrongThread.release();
    const stale = await LeaseKeeper.take(store, 'u', { holder: 'slow' });
    await store.claimThread('u', { holder: 'operator', takeOver: true });
    expect(await codeOf(g.resume({ threadId: 'u', resume: { 'charge#0': 'x' }, lease: stale }))).toBe('LEASE_LOST');
    expect((await store.threadLease('u'))?.holder).toBe('operator');
    expect(effects).toEqual(['charged card for mine']);
  });

  it('a run adopting a fresh lease pays no lease write of its own: claim and release only, and one read to check the token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const memory = new MemoryStore({ leaseTtlMs: 10_000 });
    const calls: string[] = [];
    const counted =
      <A extends unknown[], R>(name: string, f: (...a: A) => Promise<R>) =>
      (...a: A) => (calls.push(name), f(...a));
    const store = wrap(memory, {
      claimThread: counted('claim', (t: string, o: ClaimOptions) => memory.claimThread(t, o)),
      renewThread: counted('renew', (l: ThreadLease) => memory.renewThread(l)),
      releaseThread: counted('release', (l: ThreadLease) => memory.releaseThread(l)),
      threadLease: counted('read', (t: string) => memory.threadLease(t)),
    });
    const effects: string[] = [];
    const g = chargeGraph(store, effects);
    await g.run('card', { threadId: 't' });
    expect(calls).toEqual(['claim', 'release']); // a run that claims for itself
    calls.length = 0;
    const fresh = await LeaseKeeper.take(store, 't', { holder: 'cli (weft resume)' });
    expect(await g.resume({ threadId: 't', resume: { 'charge#0': 'yes' }, lease: fresh })).toMatchObject({ status: 'done' });
    expect(calls).toEqual(['claim', 'read', 'release']);

    // A lease past half its time is renewed when adopted, so the run starts with a full lease.
    await g.run('pen', { threadId: 'u' });
    calls.length = 0;
    const old = await LeaseKeeper.take(store, 'u', { holder: 'slow worker' });
    vi.setSystemTime(Date.now() + 6_000);
    expect(await g.resume({ threadId: 'u', resume: { 'charge#0': 'ok' }, lease: old })).toMatchObject({ status: 'done' });
    expect(calls).toEqual(['claim', 'renew', 'release']);
    expect(effects).toEqual(['charged card for yes', 'charged pen for ok']);
  });

  it('a store that could not write what it held back until the release fails the run; an unreachable store at release does not', async () => {
    const memory = new MemoryStore();
    let failure: Error | undefined;
    const store = wrap(memory, {
      releaseThread: async (lease) => {
        await memory.releaseThread(lease);
        if (failure) throw failure;
      },
    });
    const g = graph<number, number>({ name: 'one' })
      .addNode('inc', (n: number) => n + 1)
      .addEdge(START, 'inc')
      .addEdge('inc', END)
      .compile({ store });
    const run = async (threadId: string) => {
      const r = g.run(1, { threadId });
      const types: string[] = [];
      for await (const e of r) types.push(e.type === 'run.end' ? `run.end ${e.status}` : e.type);
      return { result: await r, tail: types.slice(-2) };
    };
    failure = new WeftError('CHECKPOINTS_NOT_WRITTEN', 'the disk is full');
    const lost = await run('a');
    expect(lost.result).toMatchObject({ status: 'error', output: undefined, error: { code: 'CHECKPOINTS_NOT_WRITTEN' } });
    expect(lost.tail).toEqual(['error', 'run.end error']);
    failure = Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    const fine = await run('b');
    expect(fine.result).toMatchObject({ status: 'done', output: 2 });
    expect(fine.tail).toEqual(['step.end', 'run.end done']);
  });
});
