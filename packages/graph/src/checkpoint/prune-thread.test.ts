import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, MemoryStore, decodeCheckpoint, type CheckpointStore, type CheckpointView } from '../index.ts';

type S = { items: string[] };

/** 60 steps; the step with n === 30 stops at an interrupt and records the answer it gets. */
function counter(store?: CheckpointStore) {
  return graph<number, number, S>({ name: 'prune', state: () => ({ items: [] }) })
    .addNode('add', (n: number, ctx) => {
      const label = n === 30 ? `30:${interrupt<string>('go on?')}` : String(n);
      ctx.update((s) => void s.items.push(label));
      return n + 1;
    })
    .addEdge(START, 'add')
    .addBranch('add', (n) => (n < 60 ? 'add' : END), ['add', END])
    .compile({ ...(store ? { store } : {}), snapshotEvery: 8, maxSteps: 200 });
}

async function views(g: ReturnType<typeof counter>, threadId: string): Promise<Map<string, CheckpointView<S>>> {
  const out = new Map<string, CheckpointView<S>>();
  for await (const v of g.history(threadId)) out.set(v.id, v);
  return out;
}

/** The chain rule, computed independently of prune(): what `roots` need to load. */
async function needed(store: CheckpointStore, threadId: string, roots: Iterable<string>): Promise<Set<string>> {
  const records = new Map((await store.list(threadId)).map((e) => [e.id, decodeCheckpoint(e.bytes, e.id)]));
  const out = new Set<string>();
  for (const root of roots) {
    let id: string | null = root;
    while (id !== null && !out.has(id)) {
      out.add(id);
      const r = records.get(id);
      id = r && 'patches' in r.state ? r.parentId : null;
    }
  }
  return out;
}

describe('prune()', () => {
  it('keeps the newest, every interrupted checkpoint and their delta chains; everything kept still loads and resumes', async () => {
    const store = new MemoryStore();
    const g = counter(store);
    expect((await g.run(0, { threadId: 't' })).status).toBe('interrupted');
    const resumed = await g.resume({ threadId: 't', resume: { 'add#0': 'yes' } });
    expect(resumed.status).toBe('done');

    const before = await views(g, 't');
    const newestFirst = [...before.values()];
    const interrupted = newestFirst.filter((v) => v.status === 'interrupted');
    expect(interrupted).toHaveLength(1);
    const pausedId = interrupted[0]!.id;
    const roots = [...newestFirst.slice(0, 3).map((v) => v.id), pausedId];
    const keep = await needed(store, 't', roots);
    const expectedDeleted = before.size - keep.size;
    // The chain rule matters here: more is kept than the 4 roots, and much is deleted.
    expect(keep.size).toBeGreaterThan(4);
    expect(expectedDeleted).toBeGreaterThan(40);

    const result = await g.prune('t', { keepLast: 3 });
    expect(result).toEqual({ kept: keep.size, deleted: expectedDeleted, unreadable: [] });

    const remaining = (await store.list('t')).map((e) => e.id);
    expect(new Set(remaining)).toEqual(keep);
    expect(remaining.slice(0, 3)).toEqual(roots.slice(0, 3));
    for (const id of remaining) expect(await g.getState('t', id)).toEqual(before.get(id));
    expect([...(await views(g, 't')).keys()]).toEqual(remaining);

    // Pruning again changes nothing.
    expect(await g.prune('t', { keepLast: 3 })).toEqual({ kept: keep.size, deleted: 0, unreadable: [] });

    // The open interrupt can still be answered differently: a fork from the pruned thread.
    const fork = await g.resume({ threadId: 't', checkpointId: pausedId, resume: { 'add#0': 'no' }, fork: true });
    expect(fork.status).toBe('done');
    expect(fork.output).toBe(60);
    const state = (await g.getState('t')).state;
    expect(state.items).toHaveLength(60);
    expect(state.items[30]).toBe('30:no');
    expect(before.get(newestFirst[0]!.id)!.state.items[30]).toBe('30:yes');
  });

  it('keeps what keep() selects, with its chain, and never the less', async () => {
    const store = new MemoryStore();
    const g = counter(store);
    await g.run(0, { threadId: 't' });
    await g.resume({ threadId: 't', resume: { 'add#0': 'yes' } });
    const before = await views(g, 't');
    const picked = [...before.values()].filter((v) => v.step === 45 && v.source === 'step').map((v) => v.id);
    expect(picked).toHaveLength(1);
    const steps: number[] = [];
    const result = await g.prune('t', { keepLast: 0, keep: (c) => (steps.push(c.step), c.id === picked[0]) });
    expect(steps).toHaveLength(before.size);
    const paused = [...before.values()].filter((v) => v.status === 'interrupted').map((v) => v.id);
    const head = [...before.keys()][0]!; // keepLast 0 still keeps the head: the store refuses to delete it
    const keep = await needed(store, 't', [head, ...picked, ...paused]);
    expect(result).toEqual({ kept: keep.size, deleted: before.size - keep.size, unreadable: [] });
    for (const id of keep) expect(await g.getState('t', id)).toEqual(before.get(id));
  });

  it('keeps a corrupt checkpoint and reports it', async () => {
    const source = new MemoryStore();
    await counter(source).run(0, { threadId: 't' }); // stops at the interrupt, 32 checkpoints
    const entries = (await source.list('t')).reverse();
    const victim = entries[5]!;
    const store = new MemoryStore();
    for (const e of entries) {
      const bytes = Uint8Array.from(e.bytes);
      if (e.id === victim.id) bytes[bytes.length - 1]! ^= 0xff;
      await store.put({ ...e, bytes });
    }
    const g = counter(store);
    const result = await g.prune('t', { keepLast: 1 });
    expect(result.unreadable).toEqual([victim.id]);
    expect(await store.get('t', victim.id)).toBeDefined();
    const head = entries[entries.length - 1]!.id;
    const keep = await needed(source, 't', [head]);
    keep.add(victim.id);
    expect(result).toMatchObject({ kept: keep.size, deleted: entries.length - keep.size });
    expect(new Set((await store.list('t')).map((e) => e.id))).toEqual(keep);
    expect((await g.getState('t')).status).toBe('interrupted');
  });

  it('needs a store and an existing thread, and checks its options', async () => {
    await expect(counter().prune('t')).rejects.toMatchObject({ code: 'STORE_REQUIRED' });
    const g = counter(new MemoryStore());
    await expect(g.prune('nope')).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
    await g.run(0, { threadId: 't' });
    await expect(g.prune('t', { keepLast: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(g.prune('t', { keepLast: 1.5 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses a thread another graph wrote and deletes nothing; another version of the graph prunes it, and what it keeps still loads', async () => {
    const store = new MemoryStore();
    await counter(store).run(0, { threadId: 't' });
    const count = (await store.list('t')).length;
    const stranger = graph<number, number>({ name: 'someone-else' })
      .addNode('x', (n: number) => n)
      .addEdge(START, 'x')
      .addEdge('x', END)
      .compile({ store });
    await expect(stranger.prune('t', { keepLast: 1 })).rejects.toMatchObject({ code: 'CHECKPOINT_GRAPH_MISMATCH' });
    expect(await store.list('t')).toHaveLength(count);
    // The same graph with a node added after it: another structure, the same thread.
    const next = graph<number, number, S>({ name: 'prune', state: () => ({ items: [] }) })
      .addNode('add', (n: number, ctx) => {
        const label = n === 30 ? `30:${interrupt<string>('go on?')}` : String(n);
        ctx.update((s) => void s.items.push(label));
        return n + 1;
      })
      .addNode('done', (n: number) => n)
      .addEdge(START, 'add')
      .addBranch('add', (n) => (n < 60 ? 'add' : 'done'), ['add', 'done'])
      .addEdge('done', END)
      .compile({ store, snapshotEvery: 8, maxSteps: 200 });
    expect(next.hash).not.toBe(counter().hash);
    const result = await next.prune('t', { keepLast: 1 });
    expect(result.deleted).toBeGreaterThan(0);
    const left = await store.list('t');
    expect([left.length, result.kept]).toEqual([count - result.deleted, count - result.deleted]);
    // The kept interrupted checkpoint still loads and resumes with the version that wrote it.
    const interrupted = left.find((e) => e.status === 'interrupted')!;
    const resumed = await counter(store).resume({
      threadId: 't',
      checkpointId: interrupted.id,
      fork: true,
      resume: { [(await counter(store).getState('t', interrupted.id)).interrupts[0]!.id]: 'yes' },
    });
    expect(resumed).toMatchObject({ status: 'done', output: 60 });
  });
});
