import { describe, expect, it } from 'vitest';
import { END, START, decodeCheckpoint, graph, interrupt, MemoryStore, type CheckpointStore } from '../index.ts';

type S = { turns: string[] };

/** A chat-like graph: each run appends its input to the state. */
const chat = (store: CheckpointStore, snapshotEvery = 100) =>
  graph<string, number, S>({ name: 'chat', state: () => ({ turns: [] }) })
    .addNode('turn', (text: string, ctx) => {
      ctx.update((s) => void s.turns.push(text));
      return ctx.state.turns.length + 1;
    })
    .addEdge(START, 'turn')
    .addEdge('turn', END)
    .compile({ store, snapshotEvery });

/** A MemoryStore that counts the reads a run makes. */
class CountingStore extends MemoryStore {
  reads = 0;
  override get(...args: Parameters<MemoryStore['get']>) {
    this.reads++;
    return super.get(...args);
  }
  override chain(...args: Parameters<MemoryStore['chain']>) {
    this.reads++;
    return super.chain(...args);
  }
}

/** A MemoryStore whose reads return the stored bytes with the last one flipped, once `damage` is set. */
class DamagingStore extends MemoryStore {
  damage = false;
  override async get(...args: Parameters<MemoryStore['get']>) {
    const entry = await super.get(...args);
    if (!entry || !this.damage) return entry;
    const bytes = Uint8Array.from(entry.bytes);
    bytes[bytes.length - 1]! ^= 0xff;
    return { ...entry, bytes };
  }
}

describe('the head a run leaves behind', () => {
  it('the next run of the thread in the same process starts from it: one read of the head, no chain walk, same results', async () => {
    const store = new CountingStore();
    const g = chat(store, 3);
    for (const text of ['a', 'b', 'c', 'd']) await g.run(text, { threadId: 't' });
    // A copy of the store as it is now, for a process that never ran the thread.
    const other = new CountingStore();
    for (const e of [...(await store.list('t'))].reverse()) await other.put(e);
    store.reads = 0;
    const fifth = await g.run('e', { threadId: 't' });
    expect(store.reads).toBe(1);
    // That process loads the thread from the store, and gets exactly the same run.
    other.reads = 0;
    const elsewhere = await chat(other, 3).run('e', { threadId: 't' });
    expect(other.reads).toBeGreaterThan(1);
    expect([fifth.output, fifth.state]).toEqual([6, { turns: ['a', 'b', 'c', 'd', 'e'] }]);
    expect([elsewhere.output, elsewhere.state]).toEqual([fifth.output, fifth.state]);
    // Snapshots keep their rhythm (every 3rd checkpoint here) across runs that start from the remembered head.
    const kinds = (await store.list('t')).map((e) => e.seq);
    expect(kinds).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await g.getState('t')).state).toEqual({ turns: ['a', 'b', 'c', 'd', 'e'] });
  });

  it('a head someone else wrote, or changed, is loaded and checked from the store as usual', async () => {
    const store = new MemoryStore();
    const g = chat(store);
    await g.run('a', { threadId: 't' });
    // Another compiled copy (another process, as far as the thread is concerned) writes the next turn.
    const before = await store.get('t');
    await chat(store).run('b', { threadId: 't' });
    expect((await store.get('t'))!.id).not.toBe(before!.id);
    expect((await g.run('c', { threadId: 't' })).state).toEqual({ turns: ['a', 'b', 'c'] });
    // The head's bytes damaged in the store: the remembered state is not used, the corruption is reported.
    const damaged = new DamagingStore();
    const d = chat(damaged);
    await d.run('a', { threadId: 't' });
    damaged.damage = true;
    await expect(d.run('b', { threadId: 't' })).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
  });

  it('a deleted thread starts again from the initial state', async () => {
    const store = new MemoryStore();
    const g = chat(store);
    await g.run('a', { threadId: 't' });
    await store.delete('t');
    expect((await g.run('b', { threadId: 't' })).state).toEqual({ turns: ['b'] });
  });

  it('a resume right after an interrupt here reads only the head: the same state, checkpoints and result as a resume elsewhere', async () => {
    /** Three steps that append, then a node that asks; the answer is appended too. */
    const asking = (store: CheckpointStore, calls: string[]) =>
      graph<string, string, S>({ name: 'asking', state: () => ({ turns: [] }) })
        .addNode('one', (x: string, ctx) => (calls.push('one'), ctx.update((s) => void s.turns.push('one')), x))
        .addNode('two', (x: string, ctx) => (calls.push('two'), ctx.update((s) => void s.turns.push('two')), x))
        .addNode('ask', (x: string, ctx) => {
          calls.push('ask');
          const answer = interrupt<string>('ok?');
          ctx.update((s) => void s.turns.push(answer));
          return `${x}:${answer}`;
        })
        .addEdge(START, 'one')
        .addEdge('one', 'two')
        .addEdge('two', 'ask')
        .addEdge('ask', END)
        .compile({ store, snapshotEvery: 2 });
    const store = new CountingStore();
    const calls: string[] = [];
    const g = asking(store, calls);
    const paused = await g.run('in', { threadId: 't' });
    const other = new CountingStore();
    for (const e of [...(await store.list('t'))].reverse()) await other.put(e);
    store.reads = 0;
    const here = await g.resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: 'yes' } });
    // One read of the head: no walk back to the snapshot.
    expect(store.reads).toBe(1);
    other.reads = 0;
    const elsewhere = await asking(other, []).resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: 'yes' } });
    expect(other.reads).toBeGreaterThan(2);
    expect([here.status, here.output, here.state]).toEqual(['done', 'in:yes', { turns: ['one', 'two', 'yes'] }]);
    expect([elsewhere.status, elsewhere.output, elsewhere.state]).toEqual([here.status, here.output, here.state]);
    expect(calls).toEqual(['one', 'two', 'ask', 'ask']);
    // Both stores now hold the same chain: the same checkpoints, snapshots where the other has them.
    const shape = async (s: CheckpointStore) =>
      (await s.list('t')).map((e) => [e.seq, e.status, 'full' in decodeCheckpoint(e.bytes, e.id).state ? 'snapshot' : 'delta']);
    expect(await shape(store)).toEqual(await shape(other));
    expect((await g.getState('t')).state).toEqual((await asking(other, []).getState('t')).state);
  });

  it('a resume whose head changed in the store since the interrupt here reads it from the store: damaged, or written by someone else', async () => {
    const asking = (store: CheckpointStore) =>
      graph<string, string, S>({ name: 'ask-once', state: () => ({ turns: [] }) })
        .addNode('ask', (x: string, ctx) => {
          const answer = interrupt<string>('ok?');
          ctx.update((s) => void s.turns.push(answer));
          return `${x}:${answer}`;
        })
        .addEdge(START, 'ask')
        .addEdge('ask', END)
        .compile({ store });
    const damaged = new DamagingStore();
    const g = asking(damaged);
    const paused = await g.run('in', { threadId: 't' });
    damaged.damage = true;
    await expect(g.resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: 'yes' } })).rejects.toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
    });
    // Another copy answers first; this one then finds a finished thread, not the interrupt it remembers.
    const store = new MemoryStore();
    const here = asking(store);
    const first = await here.run('in', { threadId: 't' });
    const other = await asking(store).resume({ threadId: 't', resume: { [first.interrupts[0]!.id]: 'theirs' } });
    expect(other.state).toEqual({ turns: ['theirs'] });
    await expect(here.resume({ threadId: 't', resume: { [first.interrupts[0]!.id]: 'mine' } })).rejects.toMatchObject({
      code: 'INTERRUPT_ALREADY_ANSWERED',
      details: { answered: [first.interrupts[0]!.id], interrupted: first.checkpointId },
    });
    expect((await here.getState('t')).state).toEqual({ turns: ['theirs'] });
  });
});
