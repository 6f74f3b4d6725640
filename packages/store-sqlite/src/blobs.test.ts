import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { blobHash, readChain, type CheckpointEntry, type CheckpointRecord, type CheckpointStore } from '@weft/checkpoint';
import { chainEntry } from '@weft/checkpoint/conformance';
import { SqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-blobs-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1_000_000;
const GRAPH = { name: 'g', hash: 'h' };
const image = (size: number): Uint8Array => Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) & 0xff);

/** A checkpoint as a run writes it: a full snapshot, or a delta setting `n`; its blobs go with the put. */
function checkpoint(
  threadId: string,
  seq: number,
  parentId: string | null,
  state: CheckpointRecord['state'],
  id = `cp-${seq}`,
): CheckpointEntry {
  return chainEntry(threadId, seq, parentId, state, { graph: GRAPH.name, hash: GRAPH.hash, id });
}

/** `steps` checkpoints after an input one; the image is in the state from step 1, a full snapshot every 10. */
async function writeThread(store: CheckpointStore, threadId: string, steps: number, bytes: Uint8Array): Promise<CheckpointEntry[]> {
  const written: CheckpointEntry[] = [];
  for (let seq = 1; seq <= steps + 1; seq++) {
    const state: CheckpointRecord['state'] =
      seq % 10 === 1
        ? { full: { n: seq - 1, image: seq === 1 ? null : bytes } }
        : { patches: [{ op: 'replace', path: seq === 2 ? ['image'] : ['n'], value: seq === 2 ? bytes : seq - 1 }] };
    const e = checkpoint(threadId, seq, written.at(-1)?.id ?? null, state);
    await store.put(e);
    written.push(e);
  }
  return written;
}

/** Rows and bytes in the file, per table. */
function counted(path: string): { checkpoints: number; checkpointBytes: number; blobs: number; blobBytes: number; refs: number } {
  const db = new Database(path, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT (SELECT count(*) FROM checkpoints) AS checkpoints, (SELECT coalesce(sum(length(bytes)), 0) FROM checkpoints) AS checkpointBytes,
                (SELECT count(*) FROM blobs) AS blobs, (SELECT coalesce(sum(length(bytes)), 0) FROM blobs) AS blobBytes,
                (SELECT count(*) FROM blob_refs) AS refs`,
      )
      .get() as ReturnType<typeof counted>;
    return { ...row };
  } finally {
    db.close();
  }
}

const stateAt = async (store: CheckpointStore, threadId: string, id?: string) => {
  const { base, deltas } = await readChain(store, GRAPH, threadId, id);
  return { image: (base.state.full as { image: Uint8Array | null }).image, deltas };
};

describe('SqliteStore blobs', () => {
  it('a 50-step thread carrying a 5 MB image stores it once (≈ 5 MB in the file); reopening the file resolves it', async () => {
    const path = freshFile();
    const bytes = image(5 * MB);
    const store = new SqliteStore({ path });
    const written = await writeThread(store, 't', 50, bytes);
    await store.close();
    const c = counted(path);
    expect([c.checkpoints, c.blobs, c.blobBytes]).toEqual([51, 1, 5 * MB]);
    // The delta of step 1 and the five snapshots after it refer to the image.
    expect(c.refs).toBe(6);
    expect(c.checkpointBytes).toBeLessThan(10_000);
    const reopened = new SqliteStore({ path });
    const head = await stateAt(reopened, 't');
    expect([head.deltas.length, Buffer.from(head.image!).equals(bytes)]).toEqual([0, true]);
    // Seq 10: nine deltas on the input's snapshot, the first of which sets the image.
    const early = await stateAt(reopened, 't', written[9]!.id);
    expect([early.image, early.deltas.length]).toEqual([null, 9]);
    expect(Buffer.from(early.deltas.at(-1)![0]!.value as Uint8Array).equals(bytes)).toBe(true);
    await reopened.close();
  });

  it('pruning and deleting a thread drop the blob rows nothing refers to; a fork refers to the same row', async () => {
    const path = freshFile();
    const bytes = image(100_000);
    const store = new SqliteStore({ path });
    const written = await writeThread(store, 't', 20, bytes);
    await writeThread(store, 'other', 2, bytes);
    // A fork from seq 11 (a snapshot): a new chain whose first checkpoint is full and refers to the same blob.
    const fork = checkpoint('t', 22, written[10]!.id, { full: { n: 99, image: bytes } }, 'fork-1');
    await store.put(fork);
    // One row per thread: the fork and the snapshots of 't' share one, 'other' has its own.
    expect(counted(path)).toMatchObject({ blobs: 2, blobBytes: 200_000, refs: 5 });
    // Everything but the head (the fork) and seq 21: the snapshot at seq 21 and the fork still refer to the blob.
    const pruned = written.filter((e) => e.seq !== 21).map((e) => e.id);
    expect(await store.deleteCheckpoints('t', pruned)).toBe(20);
    expect(counted(path)).toMatchObject({ checkpoints: 5, blobs: 2, refs: 3 });
    expect(await store.deleteCheckpoints('t', [written[20]!.id])).toBe(1);
    expect(counted(path)).toMatchObject({ checkpoints: 4, blobs: 2, refs: 2 });
    expect(Buffer.from((await stateAt(store, 't')).image!).equals(bytes)).toBe(true);
    await store.delete('t');
    expect(counted(path)).toMatchObject({ checkpoints: 3, blobs: 1, refs: 1 });
    await store.delete('other');
    expect(counted(path)).toMatchObject({ checkpoints: 0, blobs: 0, refs: 0 });
    await store.close();
  });

  it('a blob whose bytes no longer hash to its key is CHECKPOINT_CORRUPT; the rows stay as they were', async () => {
    const path = freshFile();
    const bytes = image(64 * 1024);
    const store = new SqliteStore({ path });
    await writeThread(store, 't', 3, bytes);
    const raw = new Database(path);
    raw.prepare('UPDATE blobs SET bytes = ? WHERE hash = ?').run(Buffer.from(image(64 * 1024)).fill(1, 0, 1), blobHash(bytes));
    raw.close();
    const before = counted(path);
    const err = await readChain(store, GRAPH, 't', undefined).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    expect((err as Error).message).toBe(
      `checkpoint "cp-2" of thread "t" is corrupt (its blob ${blobHash(bytes)} does not hash to its key); pick an earlier checkpoint from history()`,
    );
    expect(counted(path)).toEqual(before);
    await store.close();
  });
});
