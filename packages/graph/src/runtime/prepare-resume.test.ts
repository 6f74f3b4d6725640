import { describe, expect, it } from 'vitest';
import {
  END,
  START,
  graph,
  interrupt,
  MemoryStore,
  WeftError,
  encodeCheckpoint,
  decodeCheckpoint,
  type CheckpointEntry,
} from '../index.ts';

interface S {
  log: string[];
}

function pipeline(store: MemoryStore, name = 'pipe') {
  return graph<string, string, S>({ name, state: () => ({ log: [] }) })
    .addNode('draft', (x: string, ctx) => (ctx.update((s) => void s.log.push(`draft ${x}`)), `${x}+d`))
    .addNode('review', (x: string, ctx) => {
      const verdict = interrupt<string>({ reviewing: x });
      ctx.update((s) => void s.log.push(`review ${verdict}`));
      return `${x}+${verdict}`;
    })
    .addNode('publish', (x: string, ctx) => (ctx.update((s) => void s.log.push('publish')), `${x}+p`))
    .addEdge(START, 'draft')
    .addEdge('draft', 'review')
    .addEdge('review', 'publish')
    .addEdge('publish', END)
    .compile({ store });
}

describe('history and time travel', () => {
  it('history lists every checkpoint newest first with its state and next nodes', async () => {
    const store = new MemoryStore();
    const g = pipeline(store);
    await g.run('a', { threadId: 't' });
    await g.resume({ threadId: 't', resume: { 'review#0': 'ok' } });
    const rows = [];
    for await (const cp of g.history('t'))
      rows.push([cp.seq, cp.step, cp.status, cp.source, cp.frontier.map((f) => f.node), cp.state.log, cp.interrupts.map((i) => i.id)]);
    expect(rows).toEqual([
      [6, 3, 'done', 'step', [], ['draft a', 'review ok', 'publish'], []],
      [5, 2, 'running', 'step', ['publish'], ['draft a', 'review ok'], []],
      [4, 1, 'running', 'resume', ['review'], ['draft a'], ['review#0']],
      [3, 1, 'interrupted', 'step', ['review'], ['draft a'], ['review#0']],
      [2, 1, 'running', 'step', ['review'], ['draft a'], []],
      [1, 0, 'running', 'input', ['draft'], [], []],
    ]);
    const limited = [];
    for await (const cp of g.history('t', { limit: 2 })) limited.push(cp.seq);
    expect(limited).toEqual([6, 5]);
  });

  it('restarts from any checkpoint at any node with a new input and a state edit, as a fork that keeps the old history', async () => {
    const store = new MemoryStore();
    const g = pipeline(store);
    await g.run('a', { threadId: 't' });
    await g.resume({ threadId: 't', resume: { 'review#0': 'ok' } });
    const before = await store.list('t');
    const first = before.find((e) => e.seq === 2)!;
    const fork = await g.resume({
      threadId: 't',
      checkpointId: first.id,
      goto: 'publish',
      input: 'edited',
      update: (s) => void s.log.push('edited by hand'),
    });
    expect(fork).toMatchObject({ status: 'done', output: 'edited+p', state: { log: ['draft a', 'edited by hand', 'publish'] } });
    const after = await store.list('t');
    expect(after.slice(after.length - before.length)).toEqual(before);
    expect(after[after.length - before.length - 1]).toMatchObject({ parentId: first.id, seq: 7 });
    expect((await g.getState('t', after[after.length - before.length - 1]!.id)).source).toBe('fork');
  });

  it('an old interrupt can be resumed again with another value (a fork)', async () => {
    const store = new MemoryStore();
    const g = pipeline(store);
    const { checkpointId } = await g.run('a', { threadId: 't' });
    expect((await g.resume({ threadId: 't', resume: { 'review#0': 'yes' } })).output).toBe('a+d+yes+p');
    expect((await g.resume({ threadId: 't', checkpointId, resume: { 'review#0': 'no' }, fork: true })).output).toBe('a+d+no+p');
    expect((await g.getState('t')).state.log).toEqual(['draft a', 'review no', 'publish']);
  });

  it('a finished run continues on its thread: the next run starts at START with the thread’s state', async () => {
    const store = new MemoryStore();
    const g = graph<number, number, { total: number }>({ name: 'acc', state: () => ({ total: 0 }) })
      .addNode('add', (n: number, ctx) => (ctx.update((s) => void (s.total += n)), ctx.state.total))
      .addEdge(START, 'add')
      .addEdge('add', END)
      .compile({ store });
    expect((await g.run(5, { threadId: 't' })).output).toBe(5);
    expect((await g.run(7, { threadId: 't' })).output).toBe(12);
    expect((await store.list('t')).map((e) => e.seq)).toEqual([4, 3, 2, 1]);
  });
});

describe('resume misuse gets typed errors and leaves stored data intact', () => {
  async function interrupted() {
    const store = new MemoryStore();
    const g = pipeline(store);
    const res = await g.run('a', { threadId: 't' });
    return { store, g, res, snapshot: await store.list('t') };
  }

  it('unknown thread, unknown checkpoint, unknown interrupt id, bad goto, bad arguments', async () => {
    const { store, g, snapshot } = await interrupted();
    await expect(g.resume({ threadId: 'nope', resume: {} })).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
    await expect(g.resume({ threadId: 't', checkpointId: 'nope' })).rejects.toMatchObject({ code: 'CHECKPOINT_NOT_FOUND' });
    await expect(g.resume({ threadId: 't', resume: { 'revew#0': 1 } })).rejects.toMatchObject({
      code: 'UNKNOWN_INTERRUPT',
      details: { unknown: ['revew#0'], pending: ['review#0'] },
    });
    await expect(g.resume({ threadId: 't', goto: 'nowhere' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(g.resume({ threadId: 't', resume: [] as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(g.resume(null as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(g.resume({ threadId: 't' })).rejects.toMatchObject({ code: 'NOTHING_TO_RESUME', details: { pending: ['review#0'] } });
    expect(() => g.run('x', { threadId: 5 as never })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    await expect(g.history('nope').next()).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
    expect(await store.list('t')).toEqual(snapshot);
  });

  it('an update recipe that throws is a typed INVALID_ARGUMENT (the recipe’s error as cause); nothing is written, the thread stays free', async () => {
    const { store, g, res, snapshot } = await interrupted();
    const recipe = (s: S) => void ((s as unknown as { missing: { deep: number } }).missing.deep = 1);
    const err = await g.resume({ threadId: 't', resume: { 'review#0': 'ok' }, update: recipe }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WeftError);
    expect(err).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining(`the update recipe threw on the state of checkpoint "${res.checkpointId}"`),
      cause: expect.any(TypeError),
    });
    const fork = g.resume({ threadId: 't', checkpointId: snapshot.at(-1)!.id, goto: 'draft', input: 'b', update: recipe });
    await expect(fork).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', cause: expect.any(TypeError) });
    expect((await store.list('t')).length).toBe(snapshot.length);
    expect(await store.list('t')).toEqual(snapshot);
    expect(await store.threadLease('t')).toBeUndefined();
    expect((await g.resume({ threadId: 't', resume: { 'review#0': 'ok' } })).output).toBe('a+d+ok+p');
  });

  it.each([['abc'], [42], [true], [null], [['a', 'b']]])(
    'a context that is not a record (%j) is refused as run() refuses it, and nothing is stored',
    async (context) => {
      const { store, g, snapshot } = await interrupted();
      expect(() => g.run('x', { threadId: 't', context: context as never })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('context must be an object') }),
      );
      await expect(g.resume({ threadId: 't', resume: { 'review#0': 'ok' }, context: context as never })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('context must be an object'),
      });
      expect(await store.list('t')).toEqual(snapshot);
      expect(await store.threadLease('t')).toBeUndefined();
      const resumed = await g.resume({ threadId: 't', resume: { 'review#0': 'ok' }, context: { who: 'ann' } });
      expect([resumed.status, (await g.getState('t')).context]).toEqual(['done', { who: 'ann' }]);
    },
  );

  it('a finished run has nothing to resume unless goto says where to restart', async () => {
    const { g } = await interrupted();
    await g.resume({ threadId: 't', resume: { 'review#0': 'ok' } });
    await expect(g.resume({ threadId: 't' })).rejects.toMatchObject({ code: 'NOTHING_TO_RESUME' });
    expect((await g.resume({ threadId: 't', goto: 'publish', input: 'again' })).output).toBe('again+p');
  });

  it('a checkpoint from another graph structure is refused', async () => {
    const { store } = await interrupted();
    const changed = graph<string, string, S>({ name: 'pipe', state: () => ({ log: [] }) })
      .addNode('draft', (x: string) => x)
      .addEdge(START, 'draft')
      .addEdge('draft', END)
      .compile({ store });
    await expect(changed.resume({ threadId: 't', resume: { 'review#0': 1 } })).rejects.toMatchObject({ code: 'CHECKPOINT_GRAPH_MISMATCH' });
    await expect(pipeline(store, 'other').resume({ threadId: 't', resume: { 'review#0': 1 } })).rejects.toMatchObject({
      code: 'CHECKPOINT_GRAPH_MISMATCH',
    });
  });

  it('corrupted bytes and a future format version are refused with typed errors', async () => {
    const { store, g, snapshot } = await interrupted();
    const head = snapshot[0]!;
    const tampered = new MemoryStore();
    const copy = async (mutate: (e: CheckpointEntry) => CheckpointEntry) => {
      for (const e of [...snapshot].reverse()) await tampered.put(e.id === head.id ? mutate(e) : e);
    };
    const flipped = new Uint8Array(head.bytes);
    flipped[flipped.length - 3]! ^= 0xff;
    await copy((e) => ({ ...e, bytes: flipped }));
    const g2 = pipeline(tampered);
    await expect(g2.resume({ threadId: 't', resume: { 'review#0': 1 } })).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    const record = decodeCheckpoint(head.bytes, 'x');
    const future = encodeCheckpoint(record);
    future[8] = 99;
    const { crc32 } = await import('node:zlib');
    Buffer.from(future.buffer, future.byteOffset).writeUInt32BE(crc32(Buffer.from(future).subarray(8)), 4);
    expect(() => decodeCheckpoint(future, 'x')).toThrow(expect.objectContaining({ code: 'CHECKPOINT_VERSION' }));
    expect(await store.list('t')).toEqual(snapshot);
    expect((await g.resume({ threadId: 't', resume: { 'review#0': 'fine' } })).status).toBe('done');
  });

  it('two resumes racing on one thread: exactly one runs, the other gets THREAD_BUSY before running anything', async () => {
    const store = new MemoryStore();
    let reviews = 0;
    const g = graph<string, string>({ name: 'race' })
      .addNode('review', (x: string) => (reviews++, `${x}:${interrupt<string>('?')}`))
      .addEdge(START, 'review')
      .addEdge('review', END)
      .compile({ store });
    await g.run('a', { threadId: 't' });
    reviews = 0;
    const results = await Promise.allSettled([
      g.resume({ threadId: 't', resume: { 'review#0': 'one' } }),
      g.resume({ threadId: 't', resume: { 'review#0': 'two' } }),
    ]);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(fulfilled).toHaveLength(1);
    expect(rejected.map((r) => (r.reason as { code: string }).code)).toEqual(['THREAD_BUSY']);
    expect(reviews).toBe(1);
    const seqs = (await store.list('t')).map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(new Set(seqs).size).toBe(seqs.length);
  });
});
