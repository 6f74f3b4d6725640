import { describe, expect, it } from 'vitest';
import { blobHash, type CheckpointEntry, type CheckpointStore } from '@weft/checkpoint';
import { END, START, graph, MemoryStore } from '../index.ts';

const MB = 1_000_000;
const image = (size: number, seed = 1): Uint8Array => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff);

interface S {
  n: number;
  image: Uint8Array | null;
}

/** `step` runs `steps` times; its first run puts `bytes` in the state, every run counts. */
const looping = (store: CheckpointStore, bytes: Uint8Array, steps: number, options: { maxBlobBytes?: number } = {}) =>
  graph<number, number, S>({ name: 'blobs', state: () => ({ n: 0, image: null }) })
    .addNode('step', (n: number, ctx) => {
      if (n === 1) ctx.set(['image'], bytes);
      ctx.set(['n'], n);
      return n + 1;
    })
    .addEdge(START, 'step')
    .addBranch('step', (n) => (n <= steps ? 'step' : END), ['step', END])
    .compile({ store, snapshotEvery: 10, maxSteps: steps + 5, ...options });

/** The same store without `getBlobs`: graphs keep binary values inside the checkpoints. */
const withoutBlobs = (inner: MemoryStore): CheckpointStore => ({
  put: (e) => inner.put(e),
  get: (t, id) => inner.get(t, id),
  list: (t, o) => inner.list(t, o),
  delete: (t) => inner.delete(t),
  deleteCheckpoints: (t, ids) => inner.deleteCheckpoints(t, ids),
  threads: () => inner.threads(),
  claimThread: (t, o) => inner.claimThread(t, o),
  renewThread: (l) => inner.renewThread(l),
  releaseThread: (l) => inner.releaseThread(l),
  threadLease: (t) => inner.threadLease(t),
});

/** `inner` with every put recorded in `puts`. */
const spying = (inner: MemoryStore, puts: CheckpointEntry[]): CheckpointStore => ({
  ...withoutBlobs(inner),
  getBlobs: (t, hashes) => inner.getBlobs(t, hashes),
  putSync: (e) => (puts.push(e), inner.putSync(e)),
});

const checkpointBytes = (entries: CheckpointEntry[]) => entries.reduce((sum, e) => sum + e.bytes.length, 0);

describe('binary values in checkpoints', () => {
  it('a 5 MB Uint8Array carried through a 50-step thread is stored once: ≈ 5 MB in all, against one copy per snapshot inline', async () => {
    const bytes = image(5 * MB);
    const hash = blobHash(bytes);
    const store = new MemoryStore();
    const res = await looping(store, bytes, 50).run(1, { threadId: 't' });
    expect([res.status, res.state.n]).toEqual(['done', 50]);
    expect(res.state.image).toBe(bytes);
    const entries = await store.list('t');
    expect(entries).toHaveLength(51); // the input, then one per step
    const blobs = await store.getBlobs('t', [hash]);
    expect([...blobs.keys()]).toEqual([hash]);
    const total = checkpointBytes(entries) + blobs.get(hash)!.length;
    expect(total).toBeGreaterThan(5 * MB);
    expect(total).toBeLessThan(5 * MB + 50_000);

    const inline = new MemoryStore();
    await looping(withoutBlobs(inline), bytes, 50).run(1, { threadId: 't' });
    const inlineTotal = checkpointBytes(await inline.list('t'));
    // Snapshots at seq 1, 11, 21, 31, 41, 51: the five after step 1 each hold the image.
    expect(inlineTotal).toBeGreaterThan(5 * 5 * MB);
    expect(await inline.getBlobs('t', [hash])).toEqual(new Map());

    // A resume loads the head's snapshot chain and resolves the image from the store.
    const again = await looping(store, bytes, 50).resume({ threadId: 't', goto: 'step', input: 51, fork: true });
    expect(again.status).toBe('done');
    expect(Buffer.from(again.state.image!).equals(bytes)).toBe(true);
  });

  it('a fork from an early checkpoint refers to the same blob', async () => {
    const bytes = image(100_000);
    const store = new MemoryStore();
    const g = looping(store, bytes, 5);
    await g.run(1, { threadId: 't' });
    const early = (await store.list('t')).find((e) => e.seq === 3)!;
    const puts: CheckpointEntry[] = [];
    const spy = spying(store, puts);
    const fork = await looping(spy, bytes, 5).resume({ threadId: 't', checkpointId: early.id, goto: 'step', input: 6, fork: true });
    expect(fork.status).toBe('done');
    expect(Buffer.from(fork.state.image!).equals(bytes)).toBe(true);
    // The fork's checkpoints are deltas on the early one: none carries the image, and its state resolves it from the thread's one blob.
    expect(puts.map((e) => [e.parentId === early.id, e.blobs ?? [], e.bytes.length < 1000])).toEqual([
      [true, [], true],
      [false, [], true],
    ]);
  });

  it('a value over maxBlobBytes fails the step with CHECKPOINT_VALUE_TOO_LARGE before anything is stored', async () => {
    const store = new MemoryStore();
    const big = image(2 * 1024 * 1024);
    const res = await looping(store, big, 3, { maxBlobBytes: 1024 * 1024 }).run(1, { threadId: 't' });
    expect(res.status).toBe('error');
    expect(res.error).toMatchObject({
      code: 'CHECKPOINT_VALUE_TOO_LARGE',
      retryable: false,
      details: { bytes: 2_097_152, limit: 1_048_576 },
    });
    expect(res.error!.message).toBe(
      'a binary value of 2,097,152 bytes is larger than maxBlobBytes (1,048,576); keep it outside the state (in a file or object store, with its key or URL in the state), or raise maxBlobBytes in compile(). Nothing was written for this step',
    );
    expect((await store.list('t')).map((e) => e.step)).toEqual([0]);
    expect(await store.getBlobs('t', [blobHash(big)])).toEqual(new Map());
    expect(() => looping(store, big, 1, { maxBlobBytes: 0 })).toThrow(/maxBlobBytes must be a positive integer or Infinity, got 0/);
  });

  it('bytes under the threshold stay inside the checkpoint; a text-only state writes no blob', async () => {
    const store = new MemoryStore();
    const puts: CheckpointEntry[] = [];
    const spy = spying(store, puts);
    const res = await looping(spy, image(32 * 1024 - 1), 3).run(1, { threadId: 't' });
    expect(res.state.image!.length).toBe(32 * 1024 - 1);
    expect(puts.some((e) => e.blobs)).toBe(false);
    expect(puts[1]!.bytes.length).toBeGreaterThan(32 * 1024);
  });

  it('a checkpoint whose blob is missing from the store is CHECKPOINT_CORRUPT; nothing is run or written', async () => {
    const store = new MemoryStore();
    const bytes = image(64 * 1024);
    await looping(store, bytes, 3).run(1, { threadId: 't' });
    // The same checkpoints in a store that lost the blob.
    const lost = new MemoryStore();
    for (const e of (await store.list('t')).reverse()) lost.putSync(e);
    const before = await lost.list('t');
    const err = await looping(lost, bytes, 3)
      .resume({ threadId: 't', goto: 'step', input: 9, fork: true })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    expect((err as Error).message).toMatch(
      new RegExp(
        `^checkpoint "\\w+" of thread "t" is corrupt \\(its blob ${blobHash(bytes)} is missing from the store\\); pick an earlier checkpoint from history\\(\\)$`,
      ),
    );
    expect(await lost.list('t')).toEqual(before);
  });

  it('a resume refused with CHECKPOINT_NOT_LATEST writes nothing: the checkpoints and the one blob stay as they were', async () => {
    const store = new MemoryStore();
    const bytes = image(64 * 1024);
    const g = looping(store, bytes, 3);
    await g.run(1, { threadId: 't' });
    const before = await store.list('t');
    const early = before.find((e) => e.seq === 2)!;
    const err = await g.resume({ threadId: 't', checkpointId: early.id }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'CHECKPOINT_NOT_LATEST' });
    expect(await store.list('t')).toEqual(before);
    expect([...(await store.getBlobs('t', [blobHash(bytes)])).keys()]).toEqual([blobHash(bytes)]);
  });
});
